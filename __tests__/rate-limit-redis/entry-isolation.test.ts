/**
 * Redis stays out of every other entry point: walking the static imports from each entry
 * (the CLI's too) never reaches `ioredis` nor `src/rate-limit-redis/`, so the package
 * installs and runs without the optional peer. (The CLI reaches it by a dynamic import;
 * `types.ts` has no runtime imports at all.)
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve('src');
/** `import ... from 'x'` and `export ... from 'x'`, not `import type`/`export type` (erased). */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm;

/** Every module a file reaches through static imports: files under src/, and bare specifiers. */
function reach(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.startsWith(SRC)) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!specifier.startsWith('.')) {
        seen.add(specifier);
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts'));
      pending.push(existsSync(target) ? target : target.replace(/\.ts$/, '/index.ts'));
    }
  }
  return seen;
}

describe('the entry points other than rate-limit-redis', () => {
  it.each(['index.ts', 'tables.ts', 'legacy/index.ts', 'emulator/index.ts', 'cli/main.ts', 'cli/yargs-program.ts'])(
    'src/%s never imports Redis code statically',
    (entry) => {
      const reached = [...reach(path.join(SRC, entry))];
      expect(reached.length).toBeGreaterThan(1);
      expect(
        reached.filter((module) => module === 'ioredis' || module.includes(`${path.sep}rate-limit-redis${path.sep}`)),
      ).toEqual([]);
    },
  );

  it('while the rate-limit-redis entry does reach its code (the walk sees through the barrel)', () => {
    expect([...reach(path.join(SRC, 'rate-limit-redis', 'index.ts'))]).toContain(
      path.join(SRC, 'rate-limit-redis', 'redis-rate-limiter.ts'),
    );
  });
});
