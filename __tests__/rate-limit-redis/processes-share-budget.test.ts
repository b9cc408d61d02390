/**
 * Several child processes, one key, a real `redis-server` and the emulator: together they
 * stay within the server's budget, a 429 in one pauses the others, and killing Redis
 * mid-run loses and duplicates no request (counted at the emulator). The three workers
 * live for the whole suite (their start is most of its time); each test uses a key of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { redisSkipReason, startTestRedis, type TestRedis } from '../helpers/redis-server.js';

const WORKER = path.resolve('__tests__/helpers/rate-limit-worker.ts');
const skip = redisSkipReason();

interface Answer {
  status: number;
  sentAt: number;
}

/** A line a worker prints. */
type Line = Answer | { ready: true } | { finished: true } | { reported: number };

/** One child process: send it runs, read its answers. */
interface Worker {
  readonly ready: Promise<void>;
  /** Sends `count` requests on the emulator's account key, counted as `keyId`; resolves with their answers. */
  run(emulator: Emulator, keyId: string, count: number): Promise<Answer[]>;
  /** Resolves with the first answer of `status` from now on. */
  next(status: number): Promise<Answer>;
  /** Resolves once the limiter has taken in the first answer of `status` from now on. */
  reported(status: number): Promise<void>;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** Ends it (closing its stdin) and waits for it to exit. */
  end(): Promise<void>;
}

function worker(redisUrl: string, namespace: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...process.env, NODE_OPTIONS: '', WORKER_REDIS_URL: redisUrl, WORKER_NAMESPACE: namespace },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let buffered = '';
  let stderr = '';
  let answers: Answer[] = [];
  const listeners: Array<(line: Line) => void> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (buffered + chunk.toString()).split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) for (const listener of [...listeners]) listener(JSON.parse(line) as Answer);
  });
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const until = <T>(match: (line: Line) => T | undefined): Promise<T> =>
    new Promise((resolve, reject) => {
      const listener = (line: Line): void => {
        const value = match(line);
        if (value === undefined) return;
        listeners.splice(listeners.indexOf(listener), 1);
        resolve(value);
      };
      listeners.push(listener);
      void exited.then(() => reject(new Error(`worker exited:\n${stderr}`)));
    });
  listeners.push((line) => void ('status' in line && answers.push(line)));
  return {
    ready: until((line) => ('ready' in line ? true : undefined)).then(() => undefined),
    run: (emulator, keyId, count) => {
      answers = [];
      child.stdin.write(`${JSON.stringify({ keyId, baseUrl: emulator.url, apiKey: emulator.keys.account, count })}\n`);
      return until((line) => ('finished' in line ? answers : undefined));
    },
    next: (status) => until((line) => ('status' in line && line.status === status ? line : undefined)),
    reported: (status) =>
      until((line) => ('reported' in line && line.reported === status ? true : undefined)).then(() => undefined),
    stderr: () => stderr,
    end: () => {
      child.stdin.end();
      return exited;
    },
  };
}

const statuses = (emulator: Emulator): number[] => emulator.requests.map((request) => Number(request.status));

describe(`child processes sharing one key through Redis${skip}`, () => {
  let redis: TestRedis | undefined;
  let workers: Worker[] = [];
  beforeAll(async () => {
    if (skip) return;
    redis = await startTestRedis();
    const namespace = `test-${randomUUID()}`;
    workers = [0, 1, 2].map(() => worker(redis!.url, namespace));
    await Promise.all(workers.map((w) => w.ready));
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.end()));
    await redis?.stop();
  });
  const run = skip ? it.skip : it;

  run('three processes stay within the budget the server states: every request served once, no 429', async () => {
    await using emulator = await startEmulator({ seedUsers: 2, rateLimit: 4, rateLimitWindow: 1 });
    const key = randomUUID();
    const results = await Promise.all(workers.map((w) => w.run(emulator, key, 2)));
    // 6 requests against 4 a second: without the shared budget, their burst meets 429s.
    expect(statuses(emulator)).toEqual(Array(6).fill(200));
    expect(results.flat().map((answer) => answer.status)).toEqual(Array(6).fill(200));
  });

  run('a 429 in one process pauses the others until its Retry-After', async () => {
    await using emulator = await startEmulator({ seedUsers: 2, faults: { rateLimit: { next: 1, retryAfter: 1 } } });
    const key = randomUUID();
    const [first, ...others] = workers;
    const limitedAnswer = first.next(429);
    const limitedReport = first.reported(429);
    const firstRun = first.run(emulator, key, 1);
    const limited = await limitedAnswer;
    await limitedReport;
    const sent = (await Promise.all(others.map((w) => w.run(emulator, key, 1)))).flat();
    await firstRun;
    expect(sent.map((answer) => answer.status)).toEqual([200, 200]);
    // Each waited out the pause the first one's 429 set (one machine: one clock).
    for (const answer of sent) expect(answer.sentAt).toBeGreaterThanOrEqual(limited.sentAt + 900);
    expect(statuses(emulator)).toEqual([429, 200, 200, 200]);
  });

  run('killing Redis mid-run: each process paces alone, warns once, and no request is lost or sent twice', async () => {
    await using emulator = await startEmulator({ seedUsers: 2, latency: 5 });
    const key = randomUUID();
    const firstAnswers = workers.map((w) => w.next(200));
    const runs = workers.map((w) => w.run(emulator, key, 20));
    await Promise.all(firstAnswers);
    await redis!.kill();
    const results = await Promise.all(runs);
    expect(statuses(emulator)).toEqual(Array(60).fill(200));
    for (const [index, result] of results.entries()) {
      expect(result.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(workers[index].stderr().match(/Redis unreachable/g)).toHaveLength(1);
    }
  });
});
