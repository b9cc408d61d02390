/**
 * Four child processes on one managed app token through a real `redis-server` (and through one file), against
 * the emulator's
 * identity service with 2-second tokens, in real time for five token lifetimes: no call fails, and the four
 * make one token request per lifetime between them (each renewal waits for 90% of a token's life, so over
 * `t` seconds there are at most `t / 1.8 + 1`; without the shared store there would be four times as many).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { redisSkipReason, startTestRedis, type TestRedis } from '../helpers/redis-server.js';

const WORKER = path.resolve('__tests__/helpers/token-worker.ts');
const LIFETIME = 2;
const LIFETIMES = 5;
const skip = redisSkipReason();

interface Outcome {
  calls: number;
  failed: number;
}

function nextLine(child: ChildProcessWithoutNullStreams, stderr: () => string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString();
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      child.stdout.off('data', onData);
      resolve(JSON.parse(buffered.slice(0, end)) as Record<string, unknown>);
    };
    child.stdout.on('data', onData);
    child.once('exit', () => reject(new Error(`worker exited:\n${stderr()}`)));
  });
}

const STORES = [
  { name: `Redis${skip}`, skipped: skip !== '' },
  { name: 'a FileTokenStore', skipped: false },
];

describe.each(STORES)('four processes sharing a managed token through $name', ({ name, skipped }) => {
  let redis: TestRedis | undefined;
  let emulator: Emulator | undefined;
  let dir: string | undefined;
  const children: ChildProcessWithoutNullStreams[] = [];
  const errors: string[] = [];
  beforeAll(async () => {
    if (skipped) return;
    if (name.startsWith('Redis')) redis = await startTestRedis();
    else dir = mkdtempSync(path.join(tmpdir(), 'pd-shared-token-'));
    emulator = await startEmulator({ seedIncidents: 0, tokenLifetime: LIFETIME });
  });
  afterAll(async () => {
    for (const child of children) child.kill();
    await emulator?.close();
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const run = skipped ? it.skip : it;

  run(
    'make one token request per lifetime between them, and no call fails',
    async () => {
      const storeEnv = redis
        ? { WORKER_REDIS_URL: redis.url, WORKER_NAMESPACE: `test-${randomUUID()}` }
        : { WORKER_TOKEN_FILE: path.join(dir!, 'tokens.json') };
      const workers = [0, 1, 2, 3].map((index) => {
        const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
          env: { ...process.env, NODE_OPTIONS: '', ...storeEnv },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        children.push(child);
        child.stderr.on('data', (chunk: Buffer) => void (errors[index] = (errors[index] ?? '') + chunk.toString()));
        return { child, stderr: () => errors[index] ?? '' };
      });
      await Promise.all(workers.map(({ child, stderr }) => nextLine(child, stderr)));
      emulator!.clearRequests();
      const started = Date.now();
      const until = started + LIFETIMES * LIFETIME * 1000;
      const outcomes = await Promise.all(
        workers.map(({ child, stderr }) => {
          const outcome = nextLine(child, stderr);
          child.stdin.write(
            `${JSON.stringify({ baseUrl: emulator!.url, identityUrl: emulator!.identityUrl, until })}\n`,
          );
          return outcome as Promise<unknown> as Promise<Outcome>;
        }),
      );
      const elapsed = (Date.now() - started) / 1000;
      const tokenRequests = emulator!.requests.filter((request) => request.path === '/oauth/token').length;
      const calls = outcomes.reduce((sum, outcome) => sum + outcome.calls, 0);
      console.log(
        `4 processes on ${name}, ${elapsed.toFixed(1)} s of ${LIFETIME}-second tokens: ${calls} calls, ` +
          `${tokenRequests} token requests`,
      );
      expect(errors.join('')).toBe('');
      expect(outcomes.map((outcome) => outcome.failed)).toEqual([0, 0, 0, 0]);
      expect(calls).toBeGreaterThan(40);
      expect(tokenRequests).toBeGreaterThanOrEqual(LIFETIMES);
      expect(tokenRequests).toBeLessThanOrEqual(Math.floor(elapsed / (LIFETIME * 0.9)) + 1);
    },
    60_000,
  );
});
