/** The folder import graph of `src/core` and its cycles (issue 48: folders import downward only, types included). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { findCycles, folderGraph, folderOf, importsOf, report } from '../../scripts/import-cycles.js';

/** None left: the folders import downward only, types included. A new cycle fails this test. */
const KNOWN_CYCLES: string[] = [];

describe('the folders of src/core', () => {
  it('import one another in exactly the known cycles', () => {
    const cycles = findCycles(folderGraph(resolve('src/core'))).map((cycle) => cycle.join(' -> '));
    expect(cycles).toEqual(KNOWN_CYCLES);
  });
});

describe('folderGraph and findCycles', () => {
  let root: string;
  const write = (file: string, text: string): void => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    write('a/one.ts', "import type { B } from '../b/two.js';\nexport const a = 1;\n");
    write('b/two.ts', "export { c } from '../c/deep/three.js';\nexport type B = string;\n");
    write('c/deep/three.ts', "import { a } from '../../a/one.js';\nexport const c = a;\n");
    write('c/four.ts', "import './deep/three.js';\nimport { x } from '../../outside.js';\nexport const d = x;\n");
    write('top.ts', "export const lazy = () => import('./b/two.js');\n");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('counts type imports, re-exports and dynamic imports, by first folder, and not imports leaving the root', () => {
    const graph = folderGraph(root);
    const edges = [...graph.entries()].map(([from, to]) => [from, [...to.keys()].sort()]);
    expect(Object.fromEntries(edges)).toEqual({ '.': ['b'], a: ['b'], b: ['c'], c: ['a'] });
    expect(graph.get('c')?.get('a')).toEqual([{ file: 'c/deep/three.ts', imported: 'a/one.ts' }]);
  });

  it('finds each cycle once, from its smallest folder', () => {
    expect(findCycles(folderGraph(root))).toEqual([['a', 'b', 'c', 'a']]);
    const graph = new Map([
      ['x', new Map([['y', []]])],
      [
        'y',
        new Map([
          ['x', []],
          ['z', []],
        ]),
      ],
      ['z', new Map([['y', []]])],
    ]);
    expect(findCycles(graph)).toEqual([
      ['x', 'y', 'x'],
      ['y', 'z', 'y'],
    ]);
    expect(findCycles(new Map([['x', new Map([['y', []]])]]))).toEqual([]);
  });

  it('prints the graph, the cycles and, when asked, the files behind each edge', () => {
    const text = report(folderGraph(root), true);
    expect(text).toContain('  a -> b (1)');
    expect(text).toContain('1 cycle(s):\n  a -> b -> c -> a');
    expect(text).toContain('      c/deep/three.ts imports a/one.ts');
  });

  it('reads a file at the top as the folder `.`, and `.js` imports as `.ts` files', () => {
    expect(folderOf('logging.ts')).toBe('.');
    expect(folderOf('rest/endpoints/tables.ts')).toBe('rest');
    expect(importsOf('rest/x.ts', "import { y } from '../client/y.js';\nimport 'node:fs';")).toEqual(['client/y.ts']);
  });
});
