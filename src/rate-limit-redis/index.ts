/**
 * `pagerduty-client/rate-limit-redis`: one rate-limit budget per API key, shared through
 * Redis by every process (and machine) that uses the key; and one managed OAuth token per
 * app (`createRedisTokenStore`), shared the same way; and the webhook deliveries that every
 * replica's handler records (`createRedisDeliveryStore`), so that one event runs `onEvent` once
 * between them. Needs the optional peer
 * dependency `ioredis`; nothing else in the package imports it.
 *
 * @example
 * ```ts
 * import { RestApiV2Client } from 'pagerduty-client';
 * import { createRedisRateLimiter } from 'pagerduty-client/rate-limit-redis';
 *
 * const rateLimiter = await createRedisRateLimiter({ url: 'redis://127.0.0.1:6379' });
 * const client = new RestApiV2Client(apiKey, { rateLimiter });
 * ```
 *
 * @module pagerduty-client/rate-limit-redis
 */
export { createRedisRateLimiter, RedisRateLimiter, type RedisRateLimiterOptions } from './redis-rate-limiter.js';
export { createRedisTokenStore, RedisTokenStore, type RedisTokenStoreOptions } from './redis-token-store.js';
export {
  createRedisDeliveryStore,
  RedisDeliveryStore,
  type RedisDeliveryStoreOptions,
} from './redis-delivery-store.js';
