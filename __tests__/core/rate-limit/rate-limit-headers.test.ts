import { describe, expect, it } from '@jest/globals';
import { readRateLimitHeaders } from '../../../src/core/rate-limit/rate-limit-headers.js';

describe('readRateLimitHeaders', () => {
  it('reads the three headers as numbers, leaving out what is absent or not a number', () => {
    expect(
      readRateLimitHeaders(
        new Headers({ 'ratelimit-limit': '960', 'ratelimit-remaining': '0', 'ratelimit-reset': ' 12.5 ' }),
      ),
    ).toEqual({
      limit: 960,
      remaining: 0,
      resetSeconds: 12.5,
    });
    expect(readRateLimitHeaders(new Headers({ 'ratelimit-remaining': '3', 'ratelimit-reset': 'soon' }))).toEqual({
      remaining: 3,
    });
    expect(readRateLimitHeaders(new Headers({ 'ratelimit-limit': '-1' }))).toBeUndefined();
    expect(readRateLimitHeaders(new Headers())).toBeUndefined();
  });
});
