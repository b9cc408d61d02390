import { describe, expect, it } from '@jest/globals';
import { readRateLimitHeaders, spentBudgetReset } from '../../../src/core/rate-limit/rate-limit-headers.js';

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

const read = (headers: Record<string, string>) => readRateLimitHeaders(new Headers(headers));

describe('spentBudgetReset', () => {
  it('gives the seconds to the reset when nothing remains', () => {
    expect(spentBudgetReset(read({ 'ratelimit-remaining': '0', 'ratelimit-reset': '12' }))).toBe(12);
    expect(spentBudgetReset(read({ 'RateLimit-Remaining': ' 0 ', 'RateLimit-Reset': '0.5' }))).toBe(0.5);
  });

  it('says nothing while budget remains, or when a header is missing or unreadable', () => {
    expect(spentBudgetReset(read({ 'ratelimit-remaining': '3', 'ratelimit-reset': '12' }))).toBeUndefined();
    expect(spentBudgetReset(read({ 'ratelimit-remaining': '0' }))).toBeUndefined();
    expect(spentBudgetReset(read({ 'ratelimit-reset': '12' }))).toBeUndefined();
    expect(spentBudgetReset(read({ 'ratelimit-remaining': '0', 'ratelimit-reset': 'soon' }))).toBeUndefined();
    expect(spentBudgetReset(read({}))).toBeUndefined();
  });
});
