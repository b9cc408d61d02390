import { describe, expect, it } from '@jest/globals';
import {
  datetimeToRelativeSeconds,
  relativeSecondsToDatetime,
  amendTokenResponse,
} from '../../../src/core/oauth/token-response.js';

const NOW = Date.parse('2030-01-01T00:00:00Z');

describe('datetimeToRelativeSeconds', () => {
  it('gives the seconds until a future date-time', () => {
    expect(datetimeToRelativeSeconds('2030-01-02T00:00:00Z', NOW)).toBe(86400);
  });

  it('is negative for a date-time in the past', () => {
    expect(datetimeToRelativeSeconds('2029-12-31T23:59:30Z', NOW)).toBe(-30);
  });

  it('honours numeric offsets, with or without a colon (the predecessor wrote +0000)', () => {
    expect(datetimeToRelativeSeconds('2030-01-01T02:00:00+02:00', NOW)).toBe(0);
    expect(datetimeToRelativeSeconds('2030-01-01T00:01:00+0000', NOW)).toBe(60);
    expect(datetimeToRelativeSeconds('2030-01-01T00:00:00.500Z', NOW)).toBe(0.5);
  });

  it('uses the current time when none is given', () => {
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    expect(datetimeToRelativeSeconds(inAnHour)).toBeGreaterThan(3590);
    expect(datetimeToRelativeSeconds(inAnHour)).toBeLessThanOrEqual(3600);
  });

  it('refuses a date-time without an offset, or anything that is not one', () => {
    expect(() => datetimeToRelativeSeconds('2030-01-01T00:00:00', NOW)).toThrow(RangeError);
    expect(() => datetimeToRelativeSeconds('tomorrow', NOW)).toThrow(RangeError);
    expect(() => datetimeToRelativeSeconds('2030-13-45T00:00:00Z', NOW)).toThrow(RangeError);
  });
});

describe('relativeSecondsToDatetime', () => {
  it('gives the UTC date-time that many seconds later, in whole seconds', () => {
    expect(relativeSecondsToDatetime(3600, NOW)).toBe('2030-01-01T01:00:00Z');
  });

  it('round-trips with datetimeToRelativeSeconds', () => {
    expect(datetimeToRelativeSeconds(relativeSecondsToDatetime(12345, NOW), NOW)).toBe(12345);
  });

  it('refuses a lifetime that is not a finite number', () => {
    expect(() => relativeSecondsToDatetime(Number.NaN, NOW)).toThrow(RangeError);
  });
});

describe('amendTokenResponse', () => {
  it('adds expiration_date from expires_in and keeps every other field, without changing the input', () => {
    const body = { access_token: 'tok', refresh_token: 'ref', token_type: 'bearer', expires_in: 864000, id_token: 'x' };
    const result = amendTokenResponse(body, NOW);
    expect(result).toEqual({
      ok: true,
      response: { ...body, expiration_date: '2030-01-11T00:00:00Z' },
    });
    expect(body).not.toHaveProperty('expiration_date');
  });

  it('accepts expires_in sent as a numeric string and stores it as a number', () => {
    const result = amendTokenResponse({ access_token: 't', expires_in: '60' }, NOW);
    expect(result.ok && result.response.expires_in).toBe(60);
    expect(result.ok && result.response.expiration_date).toBe('2030-01-01T00:01:00Z');
  });

  it('names expires_in when it is missing or not a number', () => {
    for (const body of [
      { access_token: 't' },
      { access_token: 't', expires_in: 'soon' },
      { access_token: 't', expires_in: null },
    ]) {
      const result = amendTokenResponse(body, NOW);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.problem).toContain('"expires_in"');
    }
  });

  it('names access_token when it is missing', () => {
    const result = amendTokenResponse({ expires_in: 60 }, NOW);
    expect(!result.ok && result.problem).toContain('"access_token"');
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, [], 'text', 3]) expect(amendTokenResponse(body, NOW).ok).toBe(false);
  });
});
