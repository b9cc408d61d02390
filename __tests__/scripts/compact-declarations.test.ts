// The build compacts the declarations: tabs for tsc's indentation, no overview on modules behind the entry points.
import { describe, expect, it } from '@jest/globals';
import { compactDeclaration } from '../../scripts/compact-declarations.js';

const declaration = [
  '/**',
  ' * What the module holds.',
  ' *',
  ' * @module',
  ' */',
  'export interface Options {',
  '    /**',
  '     * How long to wait, in ms.',
  '     * @default 1000',
  '     */',
  '    readonly timeout?: number;',
  '    readonly nested: {',
  '        readonly deep: string;',
  '    };',
  '}',
  '',
].join('\n');

describe('compactDeclaration', () => {
  it("indents with a tab per tsc level and drops a module's overview, keeping every declaration's docs", () => {
    expect(compactDeclaration(declaration, false)).toBe(
      [
        'export interface Options {',
        '\t/**',
        '\t * How long to wait, in ms.',
        '\t * @default 1000',
        '\t */',
        '\treadonly timeout?: number;',
        '\treadonly nested: {',
        '\t\treadonly deep: string;',
        '\t};',
        '}',
        '',
      ].join('\n'),
    );
  });

  it("keeps an entry point's overview", () => {
    const compacted = compactDeclaration(declaration, true);
    expect(compacted.startsWith('/**\n * What the module holds.\n *\n * @module\n */\nexport interface')).toBe(true);
  });

  it('leaves alone a doc comment without @module, and spaces inside a line', () => {
    const text = '/** A type. */\nexport type A = {\n    b: "x    y";\n};\n';
    expect(compactDeclaration(text, false)).toBe('/** A type. */\nexport type A = {\n\tb: "x    y";\n};\n');
  });
});
