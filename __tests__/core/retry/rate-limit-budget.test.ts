import { describe, expect, it } from '@jest/globals';
import { spentBudgetReset } from '../../../src/core/retry/rate-limit-budget.js';

const h = (headers: Record<string, string>) => new Headers(headers);

describe('spentBudgetReset', () => {
  it('gives the seconds to the reset when nothing remains', () => {
    expect(spentBudgetReset(h({ 'ratelimit-remaining': '0', 'ratelimit-reset': '12' }))).toBe(12);
    expect(spentBudgetReset(h({ 'RateLimit-Remaining': ' 0 ', 'RateLimit-Reset': '0.5' }))).toBe(0.5);
  });

  it('says nothing while budget remains, or when a header is missing or unreadable', () => {
    expect(spentBudgetReset(h({ 'ratelimit-remaining': '3', 'ratelimit-reset': '12' }))).toBeUndefined();
    expect(spentBudgetReset(h({ 'ratelimit-remaining': '0' }))).toBeUndefined();
    expect(spentBudgetReset(h({ 'ratelimit-reset': '12' }))).toBeUndefined();
    expect(spentBudgetReset(h({ 'ratelimit-remaining': '0', 'ratelimit-reset': 'soon' }))).toBeUndefined();
    expect(spentBudgetReset(h({}))).toBeUndefined();
  });
});
