import { describe, expect, it } from '@jest/globals';
import { checkEarlyRenewal, earlyRenewalSeconds, renewalDue } from '../../../src/core/oauth/renewal-timing.js';

describe('earlyRenewalSeconds', () => {
  it('is 10% of the life, at most 5 minutes', () => {
    expect(earlyRenewalSeconds(2)).toBeCloseTo(0.2);
    expect(earlyRenewalSeconds(600)).toBe(60);
    expect(earlyRenewalSeconds(86400)).toBe(300);
    expect(earlyRenewalSeconds(30 * 86400)).toBe(300);
  });

  it('takes a given margin, but never more than half the life (a day-long margin on a day-long token)', () => {
    expect(earlyRenewalSeconds(86400, 3600)).toBe(3600);
    expect(earlyRenewalSeconds(86400, 86400)).toBe(43200);
    expect(earlyRenewalSeconds(2, 0)).toBe(0);
  });
});

describe('renewalDue', () => {
  const token = { accessToken: 't', expiresAt: 10_000, lifetime: 2 };
  it('is due from the margin before the expiry on', () => {
    expect(renewalDue(token, 9_799)).toBe(false);
    expect(renewalDue(token, 9_800)).toBe(true);
    expect(renewalDue(token, 20_000)).toBe(true);
    expect(renewalDue(token, 8_999, 1)).toBe(false);
    expect(renewalDue(token, 9_000, 1)).toBe(true);
  });
});

describe('checkEarlyRenewal', () => {
  it('accepts a non-negative number of seconds, or nothing', () => {
    expect(checkEarlyRenewal(undefined)).toBeUndefined();
    expect(checkEarlyRenewal(30)).toBe(30);
    expect(() => checkEarlyRenewal(-1)).toThrow(RangeError);
    expect(() => checkEarlyRenewal(Number.NaN)).toThrow(RangeError);
  });
});
