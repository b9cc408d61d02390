// A delivery's keys hold `claim:<holder>` (expiring) while an attempt runs, then `done`. One Lua script per step.
import type { Redis } from 'ioredis';
import type { DeliveryClaim, WebhookDeliveryStore } from '../core/webhooks/delivery-store.js';
import { newRedisClient } from './redis-connection.js';

/** Options of {@link createRedisDeliveryStore}. */
export interface RedisDeliveryStoreOptions {
  /** The Redis server, `redis://[user:password@]host:port[/db]` (or `rediss://`). @default `redis://127.0.0.1:6379` */
  url?: string;
  /** An `ioredis` client of yours, used instead of `url` and left open by {@link RedisDeliveryStore.close}. */
  client?: Redis;
  /** The prefix of the Redis keys (`<namespace>:<delivery key>`). @default `pagerduty-client:webhooks` */
  namespace?: string;
  /** How long a command may take, in ms, before Redis counts as down (the handler answers 503). @default 1000 */
  commandTimeoutMs?: number;
}

/** The default namespace of the delivery keys. */
export const DEFAULT_WEBHOOK_NAMESPACE = 'pagerduty-client:webhooks';

// KEYS: a delivery's keys; ARGV[1]: `claim:<holder>` (claim, release), the milliseconds (claim, finish).
const CLAIM_SCRIPT =
  "local v={} for i,k in ipairs(KEYS) do v[i]=redis.call('GET',k) if v[i]=='done' then return 'done' end end " +
  "for i=1,#KEYS do if v[i] and v[i]~=ARGV[1] then return 'busy' end end " +
  "for _,k in ipairs(KEYS) do redis.call('SET',k,ARGV[1],'PX',ARGV[2]) end return 'claimed'";
const FINISH_SCRIPT = "for _,k in ipairs(KEYS) do redis.call('SET',k,'done','PX',ARGV[1]) end return 1";
// Deletes only this holder's claims: after an expiry another holder may have claimed the key.
const RELEASE_SCRIPT =
  "for _,k in ipairs(KEYS) do if redis.call('GET',k)==ARGV[1] then redis.call('DEL',k) end end return 1";

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let handle: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    handle = setTimeout(() => reject(new Error(`Redis gave no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(handle));
}

const isClaim = (value: unknown): value is DeliveryClaim => value === 'claimed' || value === 'done' || value === 'busy';

/** A {@link WebhookDeliveryStore} in Redis, shared by all that use its `namespace`. */
export class RedisDeliveryStore implements WebhookDeliveryStore {
  readonly #redis: Redis;
  readonly #owned: boolean;
  readonly #namespace: string;
  readonly #timeoutMs: number;

  /** @internal Use {@link createRedisDeliveryStore}. */
  constructor(redis: Redis, owned: boolean, namespace = DEFAULT_WEBHOOK_NAMESPACE, timeoutMs = 1000) {
    this.#redis = redis;
    this.#owned = owned;
    this.#namespace = namespace;
    this.#timeoutMs = timeoutMs;
  }

  async claim(keys: readonly string[], holder: string, claimMs: number): Promise<DeliveryClaim> {
    const reply = await this.#run(CLAIM_SCRIPT, keys, `claim:${holder}`, Math.ceil(claimMs));
    if (!isClaim(reply)) throw new Error(`unexpected reply of the claim script: ${String(reply)}`);
    return reply;
  }

  async finish(keys: readonly string[], _holder: string, keepMs: number): Promise<void> {
    await this.#run(FINISH_SCRIPT, keys, Math.ceil(keepMs));
  }

  async release(keys: readonly string[], holder: string): Promise<void> {
    await this.#run(RELEASE_SCRIPT, keys, `claim:${holder}`);
  }

  /** Closes the connection it opened (not a `client` you gave). */
  async close(): Promise<void> {
    if (this.#owned) await this.#redis.quit().catch(() => this.#redis.disconnect());
  }

  #run(script: string, keys: readonly string[], ...args: (string | number)[]): Promise<unknown> {
    const names = keys.map((key) => `${this.#namespace}:${key}`);
    return withTimeout(this.#redis.eval(script, names.length, ...names, ...args), this.#timeoutMs);
  }
}

/**
 * A delivery store in Redis, for webhook handlers on several replicas: one `onEvent` per event
 * between them. Needs the optional peer `ioredis`; not for a Redis Cluster (a delivery's keys span slots).
 *
 * @example
 * ```ts
 * import { createFetchWebhookHandler } from 'pagerduty-client/webhooks';
 * import { createRedisDeliveryStore } from 'pagerduty-client/rate-limit-redis';
 *
 * const store = await createRedisDeliveryStore({ url: process.env.PAGERDUTY_REDIS_URL });
 * const handler = createFetchWebhookHandler({
 *   secrets: [process.env.PAGERDUTY_WEBHOOK_SECRET ?? ''],
 *   store,
 *   onEvent: (event) => console.log(event.event_type),
 * });
 * ```
 */
export async function createRedisDeliveryStore(options: RedisDeliveryStoreOptions = {}): Promise<RedisDeliveryStore> {
  const timeoutMs = options.commandTimeoutMs ?? 1000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError('commandTimeoutMs must be above 0');
  if (options.client) return new RedisDeliveryStore(options.client, false, options.namespace, timeoutMs);
  const redis = await newRedisClient(options.url);
  redis.on('error', () => undefined);
  await redis.connect().catch(() => undefined);
  return new RedisDeliveryStore(redis, true, options.namespace, timeoutMs);
}
