/**
 * Every JavaScript snippet of the guide, the README, the migration guide and the examples
 * page runs as written on this Node (20): as a `.mjs` module of a project that has the
 * package installed, with no network (the snippets use the package's emulator). A snippet
 * that only TypeScript understands, or that fails, fails this test.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { codeBlocks } from './markdown-blocks.js';
import { transpiledProject, type TranspiledProject } from './transpiled-package.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The documents whose `js` blocks are run. */
function documents(): string[] {
  const guide = readdirSync(path.join(root, 'guide'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `guide/${name}`);
  return [...guide.sort(), 'README.md', 'MIGRATION.md', 'examples/README.md'];
}

interface Snippet {
  origin: string;
  code: string;
}

function snippets(): Snippet[] {
  return documents().flatMap((document) =>
    codeBlocks(readFileSync(path.join(root, document), 'utf8'))
      .filter((block) => ['js', 'javascript', 'mjs'].includes(block.language))
      .map((block) => ({ origin: `${document}:${block.line}`, code: block.code })),
  );
}

/** Runs a program in the project with plain node and resolves to its outcome. */
function runModule(
  project: TranspiledProject,
  name: string,
  code: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return writeFile(path.join(project.dir, name), code).then(
    () =>
      new Promise((resolve) => {
        // Exactly `node file.mjs`: no NODE_OPTIONS, no loader that would rewrite the syntax.
        execFile(
          process.execPath,
          [name],
          { cwd: project.dir, env: { PATH: process.env.PATH ?? '' }, timeout: 20_000 },
          (error, stdout, stderr) =>
            resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
        );
      }),
  );
}

let project: TranspiledProject;

beforeAll(async () => {
  project = await transpiledProject(root);
}, 60_000);

afterAll(async () => {
  await project?.remove();
});

describe('the JavaScript snippets of the documentation', () => {
  it('are there to run (one in the README, one in Getting started)', () => {
    const origins = snippets().map((snippet) => snippet.origin);
    expect(origins.some((origin) => origin.startsWith('README.md:'))).toBe(true);
    expect(origins.some((origin) => origin.startsWith('guide/getting-started.md:'))).toBe(true);
  });

  it('each run as written on Node 20 and print something', async () => {
    const failures: string[] = [];
    for (const [index, snippet] of snippets().entries()) {
      const result = await runModule(project, `snippet-${index + 1}.mjs`, snippet.code);
      if (result.code !== 0 || result.stdout.trim() === '')
        failures.push(`${snippet.origin}: exit ${result.code}\n${result.stderr.trim()}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  const major = Number(process.versions.node.split('.')[0]);
  (major < 24 ? it : it.skip)('would catch a snippet using await using, which Node 20 cannot parse', async () => {
    const code =
      "import { RestApiV2Client } from 'pagerduty-client';\n" +
      "await using client = new RestApiV2Client('k');\nconsole.log(client.url);\n";
    const result = await runModule(project, 'await-using.mjs', code);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('SyntaxError');
  });
});
