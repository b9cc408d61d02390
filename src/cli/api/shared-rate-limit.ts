/**
 * `--redis-url` / `PAGERDUTY_REDIS_URL`: `pagerduty api` runs that use one key share its
 * rate limit through Redis. The Redis limiter (and its optional peer `ioredis`) is loaded
 * only when asked for, so the command works without them installed.
 *
 * @module
 */
import type { Logger } from '../../core/logging.js';
import type { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import type { CliIo } from '../cli-io.js';
import { fromEnv, REDIS_URL_ENV } from '../environment.js';
import { UsageError } from '../common/usage-error.js';

/** The Redis URL to share the rate limit through: `--redis-url`, else `PAGERDUTY_REDIS_URL`. */
export function redisUrlFrom(args: { readonly redisUrl?: string }, env: CliIo['env']): string | undefined {
  const url = args.redisUrl === '' ? undefined : (args.redisUrl ?? fromEnv(env, REDIS_URL_ENV));
  if (url === undefined) return undefined;
  if (!/^rediss?:\/\//.test(url))
    throw new UsageError(
      `the Redis URL must start with redis:// or rediss://, got "${url.replace(/\/\/[^@/]*@/, '//***@')}"`,
    );
  return url;
}

/**
 * The Redis limiter for `url` (its warnings, such as Redis being unreachable, through
 * `logger`), or undefined without a URL.
 *
 * @throws UsageError when the optional package `ioredis` is not installed
 */
export async function sharedRateLimiter(url: string | undefined, logger: Logger): Promise<RateLimiter | undefined> {
  if (url === undefined) return undefined;
  const { createRedisRateLimiter } = await import('../../rate-limit-redis/index.js');
  try {
    return await createRedisRateLimiter({ url, logger });
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('optional peer dependency'))) throw error;
    throw new UsageError(`--redis-url (${REDIS_URL_ENV}) needs the optional package ioredis: npm install ioredis@6`);
  }
}
