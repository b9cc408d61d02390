/**
 * Type-checks and runs the TypeScript snippets of a Markdown section (not a test file
 * itself). Each snippet is checked as a module of its own that imports the package by
 * name, as a reader's program would; then its imports are bound to the given modules and
 * its body runs as an async function, with a `console` that records what it prints.
 */
import path from 'node:path';
import ts from 'typescript';
import { codeBlocks } from '../guide/markdown-blocks.js';

/** A `ts` block of the section, named by the `<!-- run: name -->` line above it. */
export interface Snippet {
  /** The marker's name; `''` when the block has none. */
  readonly name: string;
  /** The 1-based line of its opening fence in the document. */
  readonly line: number;
  /** The code. */
  readonly code: string;
}

/**
 * The `ts` blocks of the section that starts with `heading` (up to the next heading of
 * the same level).
 */
export function sectionSnippets(markdown: string, heading: string): Snippet[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`no heading ${JSON.stringify(heading)}`);
  const level = /^#+ /.exec(heading)?.[0] ?? '## ';
  const end = lines.findIndex((line, index) => index > start && line.startsWith(level));
  const section = lines.slice(start, end < 0 ? undefined : end);
  return codeBlocks(section.join('\n'))
    .filter((block) => block.language === 'ts')
    .map((block) => {
      const above =
        section
          .slice(0, block.line - 1)
          .reverse()
          .find((line) => line.trim() !== '') ?? '';
      const marker = /^<!-- run: ([\w-]+) -->$/.exec(above.trim());
      return { name: marker?.[1] ?? '', line: start + block.line, code: block.code };
    });
}

/** The diagnostics of the snippets, type-checked against the project's `tsconfig.json`, as `name:line: message`. */
export function typeCheck(root: string, snippets: readonly Snippet[]): string[] {
  const configPath = path.join(root, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root, { noEmit: true }, configPath);
  const options = { ...parsed.options, noEmit: true, declaration: false, sourceMap: false };
  // Inside the package, so that its package.json makes them ESM and the paths mapping applies.
  const files = new Map(
    snippets.map((snippet, index) => [path.join(root, `migration.snippet-${index + 1}.ts`), snippet]),
  );
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  const text = (snippet: Snippet): string => `${snippet.code}\nexport {};\n`;
  host.fileExists = (fileName) => files.has(path.normalize(fileName)) || fileExists.call(host, fileName);
  host.readFile = (fileName) => {
    const snippet = files.get(path.normalize(fileName));
    return snippet ? text(snippet) : readFile.call(host, fileName);
  };
  host.getSourceFile = (fileName, version, onError, create) => {
    const snippet = files.get(path.normalize(fileName));
    return snippet
      ? ts.createSourceFile(fileName, text(snippet), version, true)
      : getSourceFile.call(host, fileName, version, onError, create);
  };
  const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
  // Only the snippets are checked (the library is checked by the typecheck step): far cheaper.
  const diagnostics = [...files.keys()].flatMap((fileName) => {
    const sourceFile = program.getSourceFile(fileName);
    return sourceFile
      ? [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]
      : [];
  });
  return diagnostics.flatMap((diagnostic) => {
    const snippet = diagnostic.file && files.get(path.normalize(diagnostic.file.fileName));
    if (!snippet || diagnostic.start === undefined) return [];
    const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start);
    return [
      `${snippet.name}:${snippet.line + line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
    ];
  });
}

/**
 * Runs a snippet: its value imports are bound to `modules` (by specifier; type-only
 * imports are dropped), the rest is transpiled and run as the body of an async function.
 *
 * @returns the lines it printed with `console.log`
 */
export async function runSnippet(
  snippet: Snippet,
  modules: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
): Promise<string[]> {
  const source = ts.createSourceFile('snippet.ts', snippet.code, ts.ScriptTarget.ES2022, true);
  const bindings: Record<string, unknown> = {};
  let body = snippet.code;
  for (const statement of [...source.statements].reverse()) {
    if (!ts.isImportDeclaration(statement)) continue;
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    const clause = statement.importClause;
    if (clause && !clause.isTypeOnly && clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
      const module = modules[specifier];
      if (!module) throw new Error(`${snippet.name}: no module ${specifier} to bind`);
      for (const element of clause.namedBindings.elements) {
        if (element.isTypeOnly) continue;
        const imported = (element.propertyName ?? element.name).text;
        if (!(imported in module)) throw new Error(`${snippet.name}: ${specifier} has no export ${imported}`);
        bindings[element.name.text] = module[imported];
      }
    }
    body = body.slice(0, statement.getStart(source)) + body.slice(statement.getEnd());
  }
  const js = ts.transpileModule(body, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  const printed: string[] = [];
  const console = {
    log: (...values: unknown[]) =>
      void printed.push(values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(' ')),
  };
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  const names = Object.keys(bindings);
  await new AsyncFunction(...names, 'console', js)(...names.map((name) => bindings[name]), console);
  return printed;
}
