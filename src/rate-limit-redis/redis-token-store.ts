/**
 * Managed OAuth tokens shared through Redis by every process (and machine) that uses one app: one token
 * request per token lifetime between them. A renewal takes a lock (`SET NX PX`, released only by its
 * holder), so that two processes never renew at once.
 *
 * @module
 */
import type { Redis } from 'ioredis';
import { isStoredToken, type ReleaseLock, type StoredToken, type TokenStore } from '../core/oauth/token-store.js';
import { newRedisClient } from './redis-connection.js';

/** Options of {@link createRedisTokenStore}. */
export interface RedisTokenStoreOptions {
  /** The Redis server, `redis://[user:password@]host:port[/db]` (or `rediss://`). @default `redis://127.0.0.1:6379` */
  url?: string;
  /** An `ioredis` client of yours, used instead of `url` and left open by {@link RedisTokenStore.close}. */
  client?: Redis;
  /** The prefix of the Redis keys (`<namespace>:<store key>`). @default `pagerduty-client:tokens` */
  namespace?: string;
}

/** The default namespace of the token keys. */
export const DEFAULT_TOKEN_NAMESPACE = 'pagerduty-client:tokens';

// Deletes the lock only when it still holds this holder's value: after its expiry another may hold it.
const RELEASE_SCRIPT = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

/**
 * A {@link TokenStore} in Redis. The keys hold live tokens: protect the server as you protect the secrets
 * (a password, TLS, a private network). Build one with {@link createRedisTokenStore}.
 */
export class RedisTokenStore implements TokenStore {
  readonly #redis: Redis;
  readonly #owned: boolean;
  readonly #namespace: string;

  /** @internal Use {@link createRedisTokenStore}. */
  constructor(redis: Redis, owned: boolean, namespace = DEFAULT_TOKEN_NAMESPACE) {
    this.#redis = redis;
    this.#owned = owned;
    this.#namespace = namespace;
  }

  async read(key: string): Promise<StoredToken | undefined> {
    const text = await this.#redis.get(this.#key(key));
    if (text === null) return undefined;
    try {
      const token = JSON.parse(text) as unknown;
      return isStoredToken(token) ? token : undefined;
    } catch {
      return undefined;
    }
  }

  async write(key: string, token: StoredToken): Promise<void> {
    await this.#redis.set(this.#key(key), JSON.stringify(token));
  }

  async lock(key: string, seconds: number): Promise<ReleaseLock | undefined> {
    const lockKey = `${this.#key(key)}:lock`;
    const holder = `${Date.now()}:${Math.random().toString(36).slice(2)}`;
    const taken = await this.#redis.set(lockKey, holder, 'PX', Math.ceil(seconds * 1000), 'NX');
    if (taken !== 'OK') return undefined;
    return async () => {
      await this.#redis.eval(RELEASE_SCRIPT, 1, lockKey, holder);
    };
  }

  /** Closes the connection it opened (not a `client` you gave). */
  async close(): Promise<void> {
    if (this.#owned) await this.#redis.quit().catch(() => this.#redis.disconnect());
  }

  #key(key: string): string {
    return `${this.#namespace}:${key}`;
  }
}

/**
 * A token store in Redis, for managed tokens shared by many processes. Needs the optional peer dependency
 * `ioredis`.
 *
 * @example
 * ```ts
 * import { clientCredentialsTokenProvider, RestApiV2Client } from 'pagerduty-client';
 * import { createRedisTokenStore } from 'pagerduty-client/rate-limit-redis';
 *
 * const store = await createRedisTokenStore({ url: process.env.PAGERDUTY_REDIS_URL });
 * const provider = clientCredentialsTokenProvider({ clientId, clientSecret, scope, store });
 * const client = new RestApiV2Client(provider);
 * ```
 */
export async function createRedisTokenStore(options: RedisTokenStoreOptions = {}): Promise<RedisTokenStore> {
  if (options.client) return new RedisTokenStore(options.client, false, options.namespace);
  const redis = await newRedisClient(options.url);
  redis.on('error', () => undefined);
  await redis.connect().catch(() => undefined);
  return new RedisTokenStore(redis, true, options.namespace);
}
