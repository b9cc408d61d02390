// Comment lines per code line in src/core, split into public docs and internal comments.
// Public docs: the TSDoc block of a declaration the package's entry points export, of the
// members of its exported classes and interfaces, and of the types its signatures name. Every
// other comment line is internal: line comments in bodies, `@module` headers, TSDoc on
// declarations no entry point reaches. A line holding both code and a comment counts as both.
// Run: npx tsx scripts/comment-density.ts [--check] [--lines <file>]
//   --check: exit 1 above the issue-36 targets; --lines: mark each line of the matching files P, I or blank.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Lines of code and of comments (public: TSDoc of an exported declaration; internal: the rest). */
export interface LineCounts {
  code: number;
  public: number;
  internal: number;
}

export interface FileCounts extends LineCounts {
  file: string;
  lines: { code: boolean; comment: 'public' | 'internal' | null }[];
}

export const ENTRY_POINTS = [
  'src/index.ts',
  'src/webhooks.ts',
  'src/types.ts',
  'src/tables.ts',
  'src/legacy/index.ts',
  'src/emulator/index.ts',
  'src/rate-limit-redis/index.ts',
];
export const TARGETS = { internal: 0.1, overall: 0.5 };

const isPrivate = (node: ts.Node): boolean => {
  const name = (node as ts.Node & { name?: ts.Node }).name;
  if (name !== undefined && ts.isPrivateIdentifier(name)) return true;
  return (
    ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword) === true
  );
};
const isInternal = (node: ts.Node): boolean => ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'internal');
// A module-private declaration (no `export`) gets no page of its own, even when a public signature names it.
const isModulePrivate = (node: ts.Node): boolean => {
  const statement = ts.isVariableDeclaration(node) ? node.parent.parent : node;
  return (
    ts.isSourceFile(statement.parent) &&
    !(ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined)?.some(
      (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword,
    )
  );
};
const isJsDocNode = (node: ts.Node): boolean =>
  node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode;

/** The declarations the entry points reach: exports, their members and the types their signatures name. */
function publicDeclarations(program: ts.Program, entryFiles: readonly ts.SourceFile[]): Set<ts.Node> {
  const checker = program.getTypeChecker();
  const reached = new Set<ts.Node>();
  const ownFile = (node: ts.Node) =>
    !node.getSourceFile().isDeclarationFile && !program.isSourceFileFromExternalLibrary(node.getSourceFile());
  const resolve = (symbol: ts.Symbol | undefined) =>
    symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const reachSymbol = (symbol: ts.Symbol | undefined) => {
    for (const declaration of resolve(symbol)?.declarations ?? []) reach(declaration);
  };
  const reachType = (type: ts.Type | undefined) => {
    if (!type) return;
    reachSymbol(type.aliasSymbol);
    reachSymbol(type.symbol);
  };
  // Walks a public declaration's signature (never a body or an initializer's code).
  const walkSignature = (node: ts.Node): void => {
    if (ts.isBlock(node)) return;
    if (ts.isTypeReferenceNode(node)) reachSymbol(checker.getSymbolAtLocation(node.typeName));
    else if (ts.isExpressionWithTypeArguments(node)) reachSymbol(checker.getSymbolAtLocation(node.expression));
    else if (ts.isTypeQueryNode(node)) reachSymbol(checker.getSymbolAtLocation(node.exprName));
    else if (ts.isPropertySignature(node) || ts.isMethodSignature(node) || ts.isEnumMember(node)) reach(node);
    if (
      (ts.isFunctionLike(node) || ts.isVariableDeclaration(node)) &&
      !node.type &&
      !ts.isConstructorDeclaration(node)
    ) {
      const signature = ts.isFunctionLike(node) ? checker.getSignatureFromDeclaration(node) : undefined;
      reachType(signature ? checker.getReturnTypeOfSignature(signature) : checker.getTypeAtLocation(node));
    }
    ts.forEachChild(node, (child) => {
      if (ts.isVariableDeclaration(node) && child === node.initializer && !ts.isFunctionLike(child)) return;
      walkSignature(child);
    });
  };
  const reach = (node: ts.Node): void => {
    if (reached.has(node) || !ownFile(node) || isPrivate(node) || isInternal(node)) return;
    if (ts.isImportSpecifier(node) || ts.isExportSpecifier(node) || ts.isNamespaceImport(node)) return;
    reached.add(node);
    if (ts.isClassLike(node) || ts.isInterfaceDeclaration(node) || ts.isEnumDeclaration(node)) {
      for (const member of node.members) reach(member);
    }
    if (ts.isClassLike(node)) {
      for (const parameter of node.members.find(ts.isConstructorDeclaration)?.parameters ?? []) {
        if (ts.getModifiers(parameter)?.length) reach(parameter);
      }
    }
    walkSignature(node);
  };
  for (const file of entryFiles) {
    const moduleSymbol = checker.getSymbolAtLocation(file);
    for (const exported of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) reachSymbol(exported);
  }
  return reached;
}

/** The TSDoc block that documents a declaration: the last `/** *\/` before it, unless a `@module` header. */
function docBlockOf(node: ts.Node): [number, number] | undefined {
  const owner = ts.isVariableDeclaration(node) ? node.parent.parent : node;
  // `jsDoc` is the parser's own field (not in the public API): the blocks right before a node.
  const block = (owner as { jsDoc?: ts.JSDoc[] }).jsDoc?.at(-1);
  if (!block || block.tags?.some((tag) => tag.tagName.text === 'module')) return undefined;
  return [block.pos, block.end];
}

/** Every comment of a file as [start, end), from the leading and trailing trivia of each token. */
function commentRanges(sourceFile: ts.SourceFile): [number, number][] {
  const text = sourceFile.text;
  const ranges = new Map<number, number>();
  const visit = (node: ts.Node): void => {
    if (isJsDocNode(node)) return;
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) ranges.set(range.pos, range.end);
    for (const range of ts.getTrailingCommentRanges(text, node.end) ?? []) ranges.set(range.pos, range.end);
    for (const child of node.getChildren(sourceFile)) visit(child);
  };
  visit(sourceFile);
  return [...ranges].sort((a, b) => a[0] - b[0]);
}

/** Each line of a file as `{ code, comment }`: whether it holds code, and 'public', 'internal' or null. */
export function classifyLines(
  sourceFile: ts.SourceFile,
  publicBlocks: readonly [number, number][],
): FileCounts['lines'] {
  const text = sourceFile.text;
  const lineOf = (pos: number) => sourceFile.getLineAndCharacterOfPosition(pos).line;
  const lines: FileCounts['lines'] = Array.from(sourceFile.getLineStarts(), () => ({ code: false, comment: null }));
  const inComment = new Uint8Array(text.length);
  for (const [start, end] of commentRanges(sourceFile)) {
    inComment.fill(1, start, end);
    const isPublic = publicBlocks.some(([from, to]) => start >= from && end <= to);
    for (let line = lineOf(start); line <= lineOf(end - 1); line++) {
      lines[line].comment = lines[line].comment === 'public' || isPublic ? 'public' : 'internal';
    }
  }
  for (let i = 0; i < text.length; i++) {
    if (!inComment[i] && !/\s/.test(text[i])) lines[lineOf(i)].code = true;
  }
  return lines;
}

/** Code, public-doc and internal-comment lines of one file. */
const tally = (lines: FileCounts['lines']): LineCounts => ({
  code: lines.filter((line) => line.code).length,
  public: lines.filter((line) => line.comment === 'public').length,
  internal: lines.filter((line) => line.comment === 'internal').length,
});
export const countLines = (sourceFile: ts.SourceFile, publicBlocks: readonly [number, number][]): LineCounts =>
  tally(classifyLines(sourceFile, publicBlocks));

/** Counts every .ts file under `scope` (relative to `root`), with the entry points deciding what is public. */
export function measure({
  root,
  scope = 'src/core',
  entryPoints = ENTRY_POINTS,
}: {
  root: string;
  scope?: string;
  entryPoints?: readonly string[];
}): FileCounts[] {
  const configPath = path.join(root, 'tsconfig.json');
  const options = fs.existsSync(configPath)
    ? ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root).options
    : { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true };
  const program = ts.createProgram({ rootNames: entryPoints.map((entry) => path.join(root, entry)), options });
  const entryFiles = entryPoints
    .map((entry) => program.getSourceFile(path.join(root, entry)))
    .filter((file): file is ts.SourceFile => file !== undefined);
  const reached = publicDeclarations(program, entryFiles);
  const blocksByFile = new Map<string, [number, number][]>();
  for (const node of reached) {
    const block = isModulePrivate(node) ? undefined : docBlockOf(node);
    if (!block) continue;
    const file = path.resolve(node.getSourceFile().fileName);
    blocksByFile.set(file, [...(blocksByFile.get(file) ?? []), block]);
  }
  const scopeDir = path.join(root, scope);
  const files = fs
    .readdirSync(scopeDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .sort();
  return files.map((file) => {
    const full = path.join(scopeDir, file);
    const sourceFile =
      program.getSourceFile(full) ??
      ts.createSourceFile(full, fs.readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const lines = classifyLines(sourceFile, blocksByFile.get(path.resolve(full)) ?? []);
    return { file: file.split(path.sep).join('/'), ...tally(lines), lines };
  });
}

/** Sums counts by the first path segment (a folder, or a file directly in the scope). */
export function byFolder(counts: readonly FileCounts[]): Map<string, LineCounts> {
  const folders = new Map<string, LineCounts>();
  for (const { file, lines: _lines, ...count } of counts) {
    const folder = file.includes('/') ? `${file.split('/')[0]}/` : file;
    folders.set(folder, add(folders.get(folder), count));
  }
  return folders;
}

const add = (sum: LineCounts = { code: 0, public: 0, internal: 0 }, count: LineCounts): LineCounts => ({
  code: sum.code + count.code,
  public: sum.public + count.public,
  internal: sum.internal + count.internal,
});
export const total = (counts: readonly LineCounts[]): LineCounts =>
  counts.reduce((sum, count) => add(sum, count), add(undefined, { code: 0, public: 0, internal: 0 }));
export const ratios = ({ code, public: docs, internal }: LineCounts): { internal: number; overall: number } => ({
  internal: code ? internal / code : 0,
  overall: code ? (docs + internal) / code : 0,
});
export const withinTargets = (count: LineCounts): boolean => {
  const { internal, overall } = ratios(count);
  return internal <= TARGETS.internal && overall <= TARGETS.overall;
};

const HEADINGS = ['code', 'public', 'internal', 'int/code', 'all/code'];

function row(name: string, count: LineCounts) {
  const { internal, overall } = ratios(count);
  const cells = [count.code, count.public, count.internal, internal.toFixed(3), overall.toFixed(3)];
  const columns = cells.map((cell) => String(cell).padStart(10)).join('');
  return `${name.padEnd(28)}${columns}${withinTargets(count) ? '' : '  over'}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const counts = measure({ root: process.cwd() });
  const shown = process.argv.indexOf('--lines');
  if (shown > 0) {
    // --lines <part of a file name>: each line of the matching files, marked P (public doc), I (internal) or blank.
    for (const { file, lines } of counts.filter(({ file }) => file.includes(process.argv[shown + 1]))) {
      const text = fs.readFileSync(path.join(process.cwd(), 'src/core', file), 'utf8').split('\n');
      lines.forEach((line, i) =>
        console.log(
          `${file}:${i + 1} ${line.comment === null ? ' ' : { public: 'P', internal: 'I' }[line.comment]} ${text[i]}`,
        ),
      );
    }
  }
  const all = total(counts);
  console.log(`${'src/core'.padEnd(28)}${HEADINGS.map((heading) => heading.padStart(10)).join('')}`);
  for (const [folder, count] of byFolder(counts)) console.log(row(`  ${folder}`, count));
  console.log(row('total', all));
  console.log(
    `targets: internal <= ${TARGETS.internal} per code line, all comments <= ${TARGETS.overall} per code line`,
  );
  if (process.argv.includes('--check') && !withinTargets(all)) process.exitCode = 1;
}
