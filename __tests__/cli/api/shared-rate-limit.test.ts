/** Which Redis `pagerduty api` shares its key's rate limit through: `--redis-url`, else `PAGERDUTY_REDIS_URL`. */
import { describe, expect, it } from '@jest/globals';
import { redisUrlFrom, sharedRateLimiter } from '../../../src/cli/api/shared-rate-limit.js';
import { silentLogger } from '../../../src/core/logging.js';
import { UsageError } from '../../../src/cli/common/usage-error.js';

describe('redisUrlFrom', () => {
  it('takes the flag over the variable', () => {
    expect(redisUrlFrom({ redisUrl: 'redis://flag:6379' }, { PAGERDUTY_REDIS_URL: 'redis://env:6379' })).toBe(
      'redis://flag:6379',
    );
    expect(redisUrlFrom({}, { PAGERDUTY_REDIS_URL: 'rediss://env:6380' })).toBe('rediss://env:6380');
  });

  it("shares nothing without either, or with an empty one (as a shell's VAR= means)", () => {
    expect(redisUrlFrom({}, {})).toBeUndefined();
    expect(redisUrlFrom({}, { PAGERDUTY_REDIS_URL: '' })).toBeUndefined();
    expect(redisUrlFrom({ redisUrl: '' }, { PAGERDUTY_REDIS_URL: 'redis://env:6379' })).toBeUndefined();
  });

  it('refuses what is not a Redis URL, without printing its password', () => {
    const refuse = (): unknown => redisUrlFrom({ redisUrl: 'http://user:secret@host:6379' }, {});
    expect(refuse).toThrow(UsageError);
    expect(refuse).toThrow('the Redis URL must start with redis:// or rediss://, got "http://***@host:6379"');
  });
});

describe('sharedRateLimiter', () => {
  it('makes no limiter (and loads no Redis code) without a URL', async () => {
    await expect(sharedRateLimiter(undefined, silentLogger)).resolves.toBeUndefined();
  });
});
