/**
 * Every TypeScript snippet of the guide is type-checked against the library's sources, as
 * a module of its own that imports `pagerduty-client` as a reader's program would: a
 * renamed method, a wrong option or a changed return type makes this test fail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';
import { codeBlocks } from './markdown-blocks.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const guideDir = path.join(root, 'guide');

interface Snippet {
  /** Where it is written: `guide/pagination.md:42`. */
  origin: string;
  /** The virtual file it is checked as. */
  fileName: string;
  /** The code, made a module. */
  text: string;
}

/** The documents whose `ts` blocks are checked: every guide page, and the README. */
function documents(): Array<{ origin: string; file: string; dir: string; stem: string }> {
  const pages = readdirSync(guideDir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => ({
      origin: `guide/${name}`,
      file: path.join(guideDir, name),
      dir: guideDir,
      stem: name.replace(/\.md$/, ''),
    }));
  return [...pages, { origin: 'README.md', file: path.join(root, 'README.md'), dir: guideDir, stem: 'readme' }];
}

function snippets(): Snippet[] {
  return documents().flatMap((document) =>
    codeBlocks(readFileSync(document.file, 'utf8'))
      .filter((block) => block.language === 'ts')
      .map((block, index) => ({
        origin: `${document.origin}:${block.line}`,
        // Inside the package, so that package.json makes it ESM (top-level await) and the paths mapping applies.
        fileName: path.join(document.dir, `${document.stem}.snippet-${index + 1}.ts`),
        // `export {}` keeps each snippet a module, so that two snippets never share declarations.
        text: `${block.code}\nexport {};\n`,
      })),
  );
}

function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(root, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root, { noEmit: true }, configPath);
  return { ...parsed.options, noEmit: true, declaration: false, sourceMap: false };
}

function typeCheck(all: Snippet[]): string[] {
  const options = compilerOptions();
  const virtual = new Map(all.map((snippet) => [path.normalize(snippet.fileName), snippet]));
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (fileName) => virtual.has(path.normalize(fileName)) || fileExists.call(host, fileName);
  host.readFile = (fileName) => virtual.get(path.normalize(fileName))?.text ?? readFile.call(host, fileName);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const snippet = virtual.get(path.normalize(fileName));
    if (snippet) return ts.createSourceFile(fileName, snippet.text, languageVersion, true);
    return getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate);
  };
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options, host });
  // Only the snippets are checked (the library is checked by the typecheck step): far cheaper.
  const diagnostics = [...virtual.keys()].flatMap((fileName) => {
    const sourceFile = program.getSourceFile(fileName);
    return sourceFile
      ? [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]
      : [];
  });
  return diagnostics.flatMap((diagnostic) => {
    const snippet = diagnostic.file && virtual.get(path.normalize(diagnostic.file.fileName));
    if (!snippet || diagnostic.start === undefined) return [];
    const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start);
    const [page, fence] = snippet.origin.split(':');
    return [`${page}:${Number(fence) + line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`];
  });
}

describe('the guide’s TypeScript snippets', () => {
  it('are there to check', () => {
    expect(snippets().length).toBeGreaterThan(20);
  });

  it('type-check against the library, and a snippet that misuses it fails (the check can fail)', () => {
    const wrong: Snippet = {
      origin: 'guide/wrong.md:1',
      fileName: path.join(guideDir, 'wrong.snippet-1.ts'),
      text:
        "import { RestApiV2Client } from 'pagerduty-client';\n" +
        "new RestApiV2Client('k').rgett('/users');\nexport {};\n",
    };
    // One program for both: building it is most of the cost.
    expect(typeCheck([...snippets(), wrong])).toEqual([
      expect.stringMatching(/^guide\/wrong\.md:3: Property 'rgett' does not exist/),
    ]);
  }, 60_000);
});

/** The snippet as `tsc` emits it for `target` (as a module), and whether this Node parses it. */
function parsesOnThisNode(snippet: Snippet, target: ts.ScriptTarget): string | undefined {
  const { outputText } = ts.transpileModule(snippet.text, {
    compilerOptions: { target, module: ts.ModuleKind.ESNext, lib: ['lib.es2023.d.ts', 'lib.esnext.disposable.d.ts'] },
    fileName: snippet.fileName,
  });
  try {
    // Parsing only: a module is linked and run by the JavaScript snippets' test.
    new vm.SourceTextModule(outputText, { identifier: snippet.origin });
    return undefined;
  } catch (error) {
    return `${snippet.origin}: ${(error as Error).message}`;
  }
}

describe('the guide’s TypeScript snippets, compiled as Getting started says', () => {
  it('are JavaScript this Node parses when compiled for target ES2022 (await using rewritten)', () => {
    const failures = snippets()
      .map((snippet) => parsesOnThisNode(snippet, ts.ScriptTarget.ES2022))
      .filter(Boolean);
    expect(failures).toEqual([]);
  });

  const major = Number(process.versions.node.split('.')[0]);
  (major < 24 ? it : it.skip)(
    'are not, for target ESNext, when they use await using (the case the guide warns of)',
    () => {
      const users = snippets().filter((snippet) => /^\s*await using\b/m.test(snippet.text));
      expect(users.length).toBeGreaterThan(0);
      for (const snippet of users)
        expect(parsesOnThisNode(snippet, ts.ScriptTarget.ESNext)).toMatch(
          /Unexpected identifier|SyntaxError|Unexpected/,
        );
    },
  );
});
