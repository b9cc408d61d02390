/**
 * A real `redis-server` of the test's own on a free loopback port (no persistence), when
 * the binary is on PATH: `.ci/run` installs Debian's package; locally the Redis tests are
 * skipped, and say so, when it is missing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** The `redis-server` on PATH, or undefined. */
export function redisServerBinary(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, 'redis-server');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

/** The suffix of a Redis suite's name: empty, or why it is skipped. */
export function redisSkipReason(): string {
  if (redisServerBinary()) return '';
  console.warn(
    'redis-server is not on PATH: the Redis rate-limit tests are SKIPPED (apt-get install -y redis-server runs them)',
  );
  return ' (SKIPPED: redis-server not on PATH)';
}

/** A running server of the test's own. */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Kills it at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: nothing was persisted). */
  restart(): Promise<void>;
  /** Stops it for good. */
  stop(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers; its data is kept. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function launch(binary: string, port: number): Promise<ChildProcess> {
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 5000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${String(code)}):\n${output}`));
    });
  });
}

function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Starts a `redis-server` on a free loopback port; throws when the binary is missing. */
export async function startTestRedis(): Promise<TestRedis> {
  const binary = redisServerBinary();
  if (!binary) throw new Error('redis-server is not on PATH');
  const port = await freePort();
  let child = await launch(binary, port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: () => ended(child, 'SIGKILL'),
    restart: async () => {
      await ended(child, 'SIGKILL');
      child = await launch(binary, port);
    },
    stop: () => ended(child, 'SIGTERM'),
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
  };
}
