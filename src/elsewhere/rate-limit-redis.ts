/**
 * `pagerduty-client/rate-limit-redis` outside Node (the non-`node` export conditions): the same names, each
 * throwing an error that says the Redis limiter, token store or delivery store runs on Node (built on
 * ioredis and `node:net`).
 *
 * @module
 */
import { nodeOnlyError } from '../core/platform/node-only.js';
import type { RuntimeGlobals } from '../core/platform/runtime.js';

const INSTEAD = 'share a rate-limit budget from a Node process, or pass your own `rateLimiter`';

/** Throws: the Redis limiter runs on Node only. */
export async function createRedisRateLimiter(): Promise<never> {
  throw nodeOnlyError('the Redis rate limiter', INSTEAD, globalThis as RuntimeGlobals);
}

/** Throws at construction: the Redis limiter runs on Node only. */
export class RedisRateLimiter {
  constructor() {
    throw nodeOnlyError('the Redis rate limiter', INSTEAD, globalThis as RuntimeGlobals);
  }
}

const TOKENS_INSTEAD = 'share tokens from a Node process, or pass your own `TokenStore`';

/** Throws: the Redis token store runs on Node only. */
export async function createRedisTokenStore(): Promise<never> {
  throw nodeOnlyError('the Redis token store', TOKENS_INSTEAD, globalThis as RuntimeGlobals);
}

/** Throws at construction: the Redis token store runs on Node only. */
export class RedisTokenStore {
  constructor() {
    throw nodeOnlyError('the Redis token store', TOKENS_INSTEAD, globalThis as RuntimeGlobals);
  }
}

const DELIVERIES_INSTEAD = 'pass your own `WebhookDeliveryStore`';

/** Throws: the Redis delivery store runs on Node only. */
export async function createRedisDeliveryStore(): Promise<never> {
  throw nodeOnlyError('the Redis webhook delivery store', DELIVERIES_INSTEAD, globalThis as RuntimeGlobals);
}

/** Throws at construction: the Redis delivery store runs on Node only. */
export class RedisDeliveryStore {
  constructor() {
    throw nodeOnlyError('the Redis webhook delivery store', DELIVERIES_INSTEAD, globalThis as RuntimeGlobals);
  }
}
