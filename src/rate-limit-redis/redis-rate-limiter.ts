/**
 * The Redis limiter: every process that uses one API key (on any machine that reaches the
 * same Redis) draws on one budget and honours one pause. Each step is one `EVALSHA` of
 * `budget-script.ts`; when Redis cannot answer, the same steps run in memory (this
 * process's pacing, as without Redis), a warning is logged once, and sharing resumes as
 * soon as Redis answers again. After one command has timed out, steps run in memory at
 * once (a stalled Redis costs one timeout, not one per step) while a single probe waits
 * for Redis. A request never fails because Redis is down.
 *
 * @module
 */
import type { Redis } from 'ioredis';
import { CONNECTION_OPTIONS, newRedisClient } from './redis-connection.js';
import type { Logger } from '../core/logging.js';
import type { RateLimiter, RateLimitKey, RateLimitReport, RateLimitState } from '../core/rate-limit/rate-limiter.js';
import { BUDGET_SCRIPT, BUDGET_SCRIPT_SHA, decodeScriptReply, scriptArguments } from './budget-script.js';
import {
  acquireStep,
  budgetView,
  initialBudget,
  pauseStep,
  reportStep,
  type BudgetConfig,
  type BudgetState,
} from './shared-budget.js';

/** Options of {@link createRedisRateLimiter}. */
export interface RedisRateLimiterOptions {
  /**
   * The Redis server, `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS).
   * @default `redis://127.0.0.1:6379`
   */
  url?: string;
  /**
   * An `ioredis` client of yours (cluster, sentinel, TLS settings), used instead of `url`
   * and left open by {@link RedisRateLimiter.close}. Give it `enableOfflineQueue: false` so
   * that a command fails at once while Redis is down rather than waiting for the timeout.
   */
  client?: Redis;
  /** The prefix of the Redis keys (`<namespace>:<key id>`). @default `pagerduty-client:rate-limit` */
  namespace?: string;
  /** Requests per window before the server has said its limit. @default 960 (PagerDuty's REST API per key) */
  points?: number;
  /**
   * That window's length in milliseconds, and the longest any one answer can hold the key:
   * a `ratelimit-reset`, `Retry-After` or pause beyond it counts as this long (so a
   * `ratelimit-limit: 0` or an absurd header spends one window at most). Keep it at least
   * the server's window. @default 60000
   */
  durationMs?: number;
  /**
   * How long a Redis command may take before this process paces in memory instead; after
   * one such timeout, steps run in memory at once until Redis answers again. @default 1000
   */
  commandTimeoutMs?: number;
  /**
   * Where the warning goes when Redis is unreachable (once per outage), and the notice when it is back.
   * @default none
   */
  logger?: Logger;
  /** The clock (epoch milliseconds); for tests. @default `Date.now` */
  now?: () => number;
  /** Waits `ms`, rejecting with `signal.reason` when it fires; for tests. @default a timer */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The default namespace of the Redis keys. */
export const DEFAULT_NAMESPACE = 'pagerduty-client:rate-limit';
/** PagerDuty's REST API budget per key: 960 requests a minute. */
export const DEFAULT_BUDGET: BudgetConfig = { points: 960, durationMs: 60_000 };

function timer(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(handle);
      reject(signal?.reason);
    };
    const handle = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

class NoAnswer extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let handle: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    handle = setTimeout(() => reject(new NoAnswer(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(handle));
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a whole number >= 1, got ${String(value)}`);
  return value;
}

/**
 * A {@link RateLimiter} whose budgets live in Redis, shared by every process that uses it
 * with the same `namespace`. Build one with {@link createRedisRateLimiter}.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;
  readonly #owned: boolean;
  readonly #namespace: string;
  readonly #config: BudgetConfig;
  readonly #timeoutMs: number;
  readonly #logger: Logger | undefined;
  readonly #now: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** This process's copy of each budget: Redis's last answer, then what it did alone while Redis was down. */
  readonly #local = new Map<string, BudgetState>();
  #degraded = false;
  /** Set by a command that timed out: steps skip Redis until a probe (or a new connection) answers. */
  #stalled = false;
  #probing = false;
  /** Rejects the steps waiting on Redis, so that one timeout releases them all. */
  readonly #waiting = new Set<(error: Error) => void>();

  /** @internal Use {@link createRedisRateLimiter}. */
  constructor(redis: Redis, owned: boolean, options: RedisRateLimiterOptions) {
    this.#redis = redis;
    this.#owned = owned;
    this.#namespace = options.namespace ?? DEFAULT_NAMESPACE;
    this.#config = {
      points: positive('points', options.points, DEFAULT_BUDGET.points),
      durationMs: positive('durationMs', options.durationMs, DEFAULT_BUDGET.durationMs),
    };
    this.#timeoutMs = positive('commandTimeoutMs', options.commandTimeoutMs, 1000);
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? timer;
    // A client of this package's own: its connection errors are the outage warning (and not "unhandled").
    if (owned) redis.on('error', (error: unknown) => this.#fallBack(error));
    redis.on('ready', () => (this.#stalled = false));
  }

  /** Whether budgets are kept in memory now because Redis did not answer. */
  get degraded(): boolean {
    return this.#degraded;
  }

  /**
   * Waits until `key`'s shared budget allows a request and counts it.
   *
   * @example
   * ```ts
   * await limiter.acquire({ id: keyHash });
   * ```
   */
  async acquire(key: RateLimitKey, signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const waitMs = await this.#step(key, { op: 'acquire' }, (state, now) => acquireStep(state, now));
      if (waitMs === 0) return;
      await this.#sleep(waitMs, signal);
    }
  }

  /** Tells every process what an answer said: its headers, a 429. */
  async report(report: RateLimitReport): Promise<void> {
    await this.#step(report.key, { op: 'report', report }, (state, now) => ({
      state: reportStep(state, report, now, this.#config.durationMs),
      waitMs: 0,
    }));
  }

  /** Holds every process's requests on `key` until `untilMs`. */
  async pause(key: RateLimitKey, untilMs: number): Promise<void> {
    const forMs = untilMs - this.#now();
    await this.#step(key, { op: 'pause', forMs }, (state, now) => ({
      state: pauseStep(state, untilMs, now, this.#config.durationMs),
      waitMs: 0,
    }));
  }

  /** This process's latest view of `key`'s budget (as of its last step). */
  state(key: RateLimitKey): RateLimitState {
    return budgetView(this.#budget(key.id), this.#now());
  }

  /** Closes the Redis connection, when this limiter opened it. */
  async close(): Promise<void> {
    if (!this.#owned) return;
    if (this.#redis.status !== 'ready') return this.#redis.disconnect();
    try {
      await withTimeout(this.#redis.quit(), this.#timeoutMs);
    } catch {
      this.#redis.disconnect();
    }
  }

  #budget(id: string): BudgetState {
    return this.#local.get(id) ?? initialBudget(this.#config);
  }

  /** Runs a step in Redis, or in memory when Redis does not answer; resolves with the wait. */
  async #step(
    key: RateLimitKey,
    step: Parameters<typeof scriptArguments>[2],
    inMemory: (state: BudgetState, now: number) => { state: BudgetState; waitMs: number },
  ): Promise<number> {
    const local = this.#budget(key.id);
    // What this process knows seeds a budget Redis lost (a restart without persistence).
    const args = scriptArguments({ points: local.limit, durationMs: local.windowMs }, this.#config.durationMs, step);
    if (this.#stalled) {
      this.#probe();
    } else if (this.#redis.status === 'ready') {
      try {
        const reply = await this.#shared(`${this.#namespace}:${key.id}`, args);
        const decoded = decodeScriptReply(reply, this.#now());
        this.#local.set(key.id, decoded.state);
        this.#resume();
        return decoded.waitMs;
      } catch (error) {
        if (error instanceof NoAnswer) this.#stall(error);
        this.#fallBack(error);
      }
    } else {
      this.#fallBack(new Error(`connection ${this.#redis.status}`));
    }
    const decision = inMemory(this.#budget(key.id), this.#now());
    this.#local.set(key.id, decision.state);
    return decision.waitMs;
  }

  async #shared(redisKey: string, args: string[]): Promise<unknown> {
    let release: (error: Error) => void = () => undefined;
    const released = new Promise<never>((_, reject) => (release = reject));
    this.#waiting.add(release);
    try {
      return await withTimeout(Promise.race([this.#run(redisKey, args), released]), this.#timeoutMs);
    } finally {
      this.#waiting.delete(release);
    }
  }

  #stall(error: Error): void {
    this.#stalled = true;
    for (const release of this.#waiting) release(error);
  }

  /** One command at a time checks whether Redis answers again (a script, as paused writes hold scripts too). */
  #probe(): void {
    if (this.#probing || this.#redis.status !== 'ready') return;
    this.#probing = true;
    withTimeout(this.#redis.eval('return 1', 0), this.#timeoutMs).then(
      () => {
        this.#probing = false;
        this.#stalled = false;
      },
      () => (this.#probing = false),
    );
  }

  async #run(redisKey: string, args: string[]): Promise<unknown> {
    try {
      return await this.#redis.evalsha(BUDGET_SCRIPT_SHA, 1, redisKey, ...args);
    } catch (error) {
      if (!String(error).includes('NOSCRIPT')) throw error;
      return this.#redis.eval(BUDGET_SCRIPT, 1, redisKey, ...args);
    }
  }

  #fallBack(error: unknown): void {
    if (this.#degraded) return;
    this.#degraded = true;
    const reason = error instanceof Error ? error.message : String(error);
    this.#logger?.warn(`rate limit: Redis unreachable (${reason}); pacing this process alone until it answers again`);
  }

  #resume(): void {
    if (!this.#degraded) return;
    this.#degraded = false;
    this.#logger?.info('rate limit: Redis answers again; the budget is shared again');
  }
}

export { CONNECTION_OPTIONS } from './redis-connection.js';

/**
 * Creates a limiter that shares each key's budget through Redis. It connects at once, but
 * does not wait for Redis: while it is unreachable, requests are paced in memory.
 *
 * @throws Error when the optional peer dependency `ioredis` is not installed (with `url`)
 * @throws RangeError for a bad `points`, `durationMs` or `commandTimeoutMs`
 *
 * @example
 * ```ts
 * import { RestApiV2Client } from 'pagerduty-client';
 * import { createRedisRateLimiter } from 'pagerduty-client/rate-limit-redis';
 *
 * const rateLimiter = await createRedisRateLimiter({ url: process.env.PAGERDUTY_REDIS_URL });
 * const client = new RestApiV2Client(apiKey, { rateLimiter });
 * ```
 */
export async function createRedisRateLimiter(options: RedisRateLimiterOptions = {}): Promise<RedisRateLimiter> {
  if (options.client) return new RedisRateLimiter(options.client, false, options);
  const redis = await newRedisClient(options.url);
  const limiter = new RedisRateLimiter(redis, true, options);
  // Connecting once is worth a short wait (the first request then shares); failing is not an error.
  // (its 'error' event has already warned, and ioredis keeps reconnecting).
  const settled = new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', () => resolve());
  });
  redis.connect().catch(() => undefined);
  await withTimeout(settled, CONNECTION_OPTIONS.connectTimeout ?? 1000).catch(() => undefined);
  return limiter;
}
