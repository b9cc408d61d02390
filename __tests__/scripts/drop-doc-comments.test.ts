// The build drops the documentation blocks of the built JavaScript, never a line of code.
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropDocComments } from '../../scripts/drop-doc-comments.js';

function inFolder(files: Record<string, string>, check: (dir: string) => void): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'pd-doc-comments-'));
  try {
    mkdirSync(path.join(dir, 'chunks'));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('dropDocComments', () => {
  it('drops /** */ blocks on lines of their own, in every folder, and keeps the // comments', () => {
    const code = [
      '// src/core/x.ts',
      '/**',
      ' * What x is.',
      ' * @example x()',
      ' */',
      'export function x() {',
      '  /** One line. */',
      '  // Why it returns 1.',
      '  return 1;',
      '}',
      '',
    ].join('\n');
    inFolder({ 'chunks/a.js': code, 'b.d.ts': '/** kept */\nexport {};\n' }, (dir) => {
      dropDocComments(dir);
      expect(readFileSync(path.join(dir, 'chunks/a.js'), 'utf8')).toBe(
        '// src/core/x.ts\nexport function x() {\n  // Why it returns 1.\n  return 1;\n}\n',
      );
      expect(readFileSync(path.join(dir, 'b.d.ts'), 'utf8')).toBe('/** kept */\nexport {};\n');
    });
  });

  it('refuses to cut a /** line inside a string: the code would change', () => {
    const code = 'export const help = `\n/** not a comment */\n`;\n';
    inFolder({ 'c.js': code }, (dir) => {
      expect(() => dropDocComments(dir)).toThrow(/would change .*c\.js/);
      expect(readFileSync(path.join(dir, 'c.js'), 'utf8')).toBe(code);
    });
  });
});
