/**
 * The Redis client this package opens for a limiter or a token store, on the optional peer
 * `ioredis`, loaded only when one is made.
 *
 * @module
 */
import type { Redis, RedisOptions } from 'ioredis';

/**
 * The connection settings of a client this package opens: fail at once while Redis is down,
 * reconnect in the background.
 */
export const CONNECTION_OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  connectTimeout: 1000,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
};

/** A client of the Redis at `url` (not yet connected). @throws Error naming the missing peer dependency */
export async function newRedisClient(url = 'redis://127.0.0.1:6379'): Promise<Redis> {
  let RedisClient: typeof Redis;
  try {
    ({ Redis: RedisClient } = await import('ioredis'));
  } catch (error) {
    throw new Error(
      'pagerduty-client/rate-limit-redis needs the optional peer dependency ioredis: npm install ioredis@6',
      { cause: error },
    );
  }
  return new RedisClient(url, CONNECTION_OPTIONS);
}
