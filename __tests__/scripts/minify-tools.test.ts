// The build minifies the emulator, the CLI and bundled third-party code, and leaves the library's code as written.
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { holdsOnlyTools, minifyTools } from '../../scripts/minify-tools.js';

const emulatorChunk = [
  '// src/emulator/routes/users.ts',
  'class UsersRoute {',
  '  answer(request) {',
  '    return { status: 200, body: { users: [] }, from: this.constructor.name };',
  '  }',
  '}',
  '// src/generated/emulator/rest-operations.ts',
  'var REST_OPERATIONS = JSON.parse(\'[{"id":"listUsers"}]\');',
  'export { REST_OPERATIONS, UsersRoute };',
  '',
].join('\n');
const coreChunk =
  '// src/core/client/api-client.ts\nclass ApiClient {\n  request() {\n    return 1;\n  }\n}\nexport { ApiClient };\n';

describe('holdsOnlyTools', () => {
  it('is true for emulator, CLI and third-party modules only, false with a library module or no marker', () => {
    expect(holdsOnlyTools(emulatorChunk)).toBe(true);
    expect(holdsOnlyTools('// src/cli/api/api.ts\nexport const a = 1;\n')).toBe(true);
    expect(holdsOnlyTools('// node_modules/node-fetch/lib/index.mjs\nexport default 1;\n')).toBe(true);
    expect(holdsOnlyTools(coreChunk)).toBe(false);
    expect(holdsOnlyTools(`${emulatorChunk}${coreChunk}`)).toBe(false);
    expect(holdsOnlyTools('export { a } from "./chunk.js";\n')).toBe(false);
  });
});

describe('minifyTools', () => {
  it('minifies the tools, keeps class names and exports, and leaves the library alone', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'pd-minify-tools-'));
    try {
      mkdirSync(path.join(dist, 'chunks'));
      writeFileSync(path.join(dist, 'package.json'), '{"type":"module"}');
      writeFileSync(path.join(dist, 'chunks', 'emulator.js'), emulatorChunk);
      writeFileSync(path.join(dist, 'chunks', 'core.js'), coreChunk);
      expect(minifyTools(dist, 'node20')).toEqual([path.join('chunks', 'emulator.js')]);
      const minified = readFileSync(path.join(dist, 'chunks', 'emulator.js'), 'utf8');
      expect(minified.length).toBeLessThan(emulatorChunk.length);
      expect(minified).not.toContain('// src/');
      expect(readFileSync(path.join(dist, 'chunks', 'core.js'), 'utf8')).toBe(coreChunk);
      const loaded = (await import(path.join(dist, 'chunks', 'emulator.js'))) as {
        REST_OPERATIONS: unknown;
        UsersRoute: new () => { answer(request: unknown): { from: string } };
      };
      expect(loaded.REST_OPERATIONS).toEqual([{ id: 'listUsers' }]);
      expect(new loaded.UsersRoute().answer({}).from).toBe('UsersRoute');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
