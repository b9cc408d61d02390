// The structural figures of issue 48, measured on the working tree with the TypeScript compiler API:
// functions over 70 lines in src/core, hand-written src/core files under 40 lines and over 400, core files that
// name the legacy layer's wording data, `fail`/`refuse` closure parameters, and the folder sizes the issue bounds.
// Run from a checkout: npx tsx scripts/structure-figures.ts [--list]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const list = process.argv.includes('--list');
const filesUnder = (dir: string, ext: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, ext);
    return full.endsWith(ext) ? [full] : [];
  });
const lineCount = (file: string): number => readFileSync(file, 'utf8').split('\n').length - 1;

const core = filesUnder('src/core', '.ts');
const longFunctions: string[] = [];
const closures: string[] = [];
for (const file of core) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const lineOf = (position: number): number => source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart()) + 1;
      const name = (node as ts.FunctionDeclaration).name?.getText() ?? '<anonymous>';
      if (lines > 70) longFunctions.push(`${lines} ${file}:${lineOf(node.getStart())} ${name}`);
    }
    // A parameter named fail/refuse whose type is a function: an error builder handed to a lookup.
    if (ts.isParameter(node) && /^(fail|refuse)$/.test(node.name.getText()))
      closures.push(`${file}:${lineOf(node.getStart())}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const wording = /\b(FailureFacts|RequestContext|ResponseDetails|RefusalFailure)\b/;
const namingWording = core.filter((file) => wording.test(readFileSync(file, 'utf8')));
const tiny = core.filter((file) => lineCount(file) < 40);
const large = core.filter((file) => lineCount(file) > 400);
const figures: [string, number, string[]][] = [
  ['functions in src/core over 70 lines', longFunctions.length, longFunctions],
  ['fail/refuse closure parameters in src/core', closures.length, closures],
  ['src/core files naming legacy wording data', namingWording.length, namingWording],
  ['hand-written src/core files under 40 lines', tiny.length, tiny],
  ['src/core files over 400 lines', large.length, large.map((file) => `${lineCount(file)} ${file}`)],
  ['files in src/core/rest/endpoints', readdirSync('src/core/rest/endpoints').length, []],
  ['files at the top of src/cli', readdirSync('src/cli').filter((name) => name.includes('.')).length, []],
  ['.d.mts files in scripts', filesUnder('scripts', '.d.mts').length, filesUnder('scripts', '.d.mts')],
];
for (const [what, count, items] of figures) {
  console.log(`${String(count).padStart(4)}  ${what}`);
  if (list) for (const item of items) console.log(`        ${item}`);
}
