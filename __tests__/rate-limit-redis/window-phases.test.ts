/**
 * Child processes on one key against an API whose fixed window started before they did,
 * at several phases of it, with a real `redis-server`: no 429 at any phase with 4 and 8
 * processes, while they still spend most of the budget. The window is 3 s: with a reset in
 * whole seconds, a shorter window cannot tell the server's next window from the open one.
 * All scenarios run at once (one key each), so the suite costs about two windows.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { redisSkipReason, startTestRedis, type TestRedis } from '../helpers/redis-server.js';
import { startWindowedApiServer, type WindowedApiServer, type WindowedKey } from './windowed-api-server.js';

const WORKER = path.resolve('__tests__/rate-limit-redis/windowed-worker.ts');
const WINDOW_MS = 3000;
const LIMIT = 20;
const skip = redisSkipReason();

interface Worker {
  readonly ready: Promise<void>;
  /** Runs a job on the worker; resolves with the number of answers its loops read. */
  job(baseUrl: string, budget: WindowedKey, loops: number, stopAt: number): Promise<number>;
  end(): Promise<void>;
}

function worker(redisUrl: string, namespace: string): Worker {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      WORKER_REDIS_URL: redisUrl,
      WORKER_NAMESPACE: namespace,
      WORKER_DURATION_MS: String(WINDOW_MS),
    },
  });
  let buffered = '';
  let stderr = '';
  const waiting = new Map<string, (answered: number) => void>();
  let onReady: () => void = () => undefined;
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve;
    void exited.then(() => reject(new Error(`worker exited:\n${stderr}`)));
  });
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (buffered + chunk.toString()).split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const parsed = JSON.parse(line) as { ready?: true; job?: string; answered?: number };
      if (parsed.ready) onReady();
      if (parsed.job) waiting.get(parsed.job)?.(parsed.answered ?? 0);
    }
  });
  return {
    ready,
    job: (baseUrl, budget, loops, stopAt) =>
      new Promise((resolve, reject) => {
        const job = randomUUID();
        waiting.set(job, resolve);
        void exited.then(() => reject(new Error(`worker exited:\n${stderr}`)));
        const line = { job, keyId: budget.apiKey, baseUrl, apiKey: budget.apiKey, loops, stopAt };
        child.stdin.write(`${JSON.stringify(line)}\n`);
      }),
    end: () => {
      child.stdin.end();
      return exited;
    },
  };
}

describe(`processes on one key at any phase of the server's window${skip}`, () => {
  let redis: TestRedis | undefined;
  let api: WindowedApiServer | undefined;
  let workers: Worker[] = [];
  beforeAll(async () => {
    if (skip) return;
    redis = await startTestRedis();
    api = await startWindowedApiServer(20);
    const namespace = `phases-${randomUUID()}`;
    workers = Array.from({ length: 8 }, () => worker(redis!.url, namespace));
    await Promise.all(workers.map((w) => w.ready));
  }, 30_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.end()));
    await api?.close();
    await redis?.stop();
  });
  const run = skip ? it.skip : it;

  run(
    'no 429 with 4 and 8 processes started at 5 phases of the window, and a limit of 0 holds one window only',
    async () => {
      const phases = [0.05, 0.3, 0.55, 0.8, 0.95];
      // Past two ends of the server's window from any phase: the first, partly gone, and a whole one.
      const stopAt = Date.now() + 2 * WINDOW_MS + 300;
      const scenarios = phases.flatMap((phase) =>
        [4, 8].map((processes) => {
          const budget = api!.addKey({ windowMs: WINDOW_MS, limit: LIMIT, phase });
          // Four processes run two loops each: eight requests can be in flight either way.
          const loops = processes === 4 ? 2 : 1;
          const answered = Promise.all(workers.slice(0, processes).map((w) => w.job(api!.url, budget, loops, stopAt)));
          return { phase, processes, budget, answered };
        }),
      );
      // Its first answer says `ratelimit-limit: 0`: that window is spent, the next ones are not.
      const zero = api!.addKey({ windowMs: WINDOW_MS, limit: LIMIT, phase: 0.5, zeroLimitOnce: true });
      const zeroRun = Promise.all(workers.slice(0, 4).map((w) => w.job(api!.url, zero, 1, stopAt)));
      await Promise.all([...scenarios.map((scenario) => scenario.answered), zeroRun]);
      const outcome = scenarios.map(({ phase, processes, budget }) => ({
        phase,
        processes,
        limited: budget.statuses.filter((status) => status === 429).length,
        served: budget.statuses.filter((status) => status === 200).length,
        perWindow: [...budget.servedPerWindow.values()],
      }));
      // PHASES_PRINT=1 prints every scenario's counts: the figures the guide cites.
      if (process.env.PHASES_PRINT) console.log(JSON.stringify(outcome));
      for (const scenario of outcome) {
        expect({ ...scenario, limited: scenario.limited }).toEqual({ ...scenario, limited: 0 });
        // Three windows touched (the first partly), two of them whole: a limiter that stops the key fails this.
        expect(scenario.served).toBeGreaterThanOrEqual(LIMIT);
      }
      expect(zero.statuses.filter((status) => status === 429)).toEqual([]);
      // The 0's window serves only what was in flight with it; the next one serves again (a loaded
      // machine may start the workers late, so only the windows after the first are asked for).
      const zeroWindows = [...zero.servedPerWindow.entries()].sort(([a], [b]) => a - b).map(([, served]) => served);
      expect(zeroWindows.length).toBeGreaterThanOrEqual(2);
      expect(zeroWindows[0]).toBeLessThanOrEqual(4);
      expect(zeroWindows[zeroWindows.length - 1]).toBeGreaterThan(0);
    },
    30_000,
  );
});
