import { describe, expect, it } from '@jest/globals';
import { amendTokenResponse } from '../../../src/core/oauth/token-response.js';

const NOW = Date.parse('2030-01-01T00:00:00Z');

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
