import { describe, expect, it } from '@jest/globals';
import { bearerAuth, routingKeyAuth, tokenAuth } from '../../../src/core/auth/auth-methods.js';
import { browserPolicy, browserSafeInit, checkBrowserAuth } from '../../../src/core/platform/browser.js';

const PAGE = { window: { document: {} } };

describe('checkBrowserAuth', () => {
  it('refuses an API key in a page, naming the client and the opt-in', () => {
    expect(() =>
      checkBrowserAuth(tokenAuth('u+secret-key'), browserPolicy(undefined, PAGE), 'RestApiV2Client'),
    ).toThrow(/RestApiV2Client refuses an API key in a browser.*dangerouslyAllowBrowser: true/);
  });

  it('never quotes the key it refuses', () => {
    let message = '';
    try {
      checkBrowserAuth(tokenAuth('u+secret-key'), browserPolicy(false, PAGE), 'ApiClient');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain('secret-key');
    expect(message).not.toBe('');
  });

  it('allows a key with dangerouslyAllowBrowser, an OAuth bearer token, and anything outside a page', () => {
    expect(() => checkBrowserAuth(tokenAuth('key'), browserPolicy(true, PAGE), 'C')).not.toThrow();
    expect(() => checkBrowserAuth(bearerAuth('token'), browserPolicy(undefined, PAGE), 'C')).not.toThrow();
    expect(() => checkBrowserAuth(routingKeyAuth('routing'), browserPolicy(undefined, PAGE), 'C')).not.toThrow();
    expect(() => checkBrowserAuth(tokenAuth('key'), browserPolicy(undefined, {}), 'C')).not.toThrow();
  });
});

describe('browserSafeInit', () => {
  const init = {
    method: 'GET',
    headers: {
      Accept: 'application/json',
      Authorization: 'Bearer t',
      from: 'a@example.com',
      'X-EARLY-ACCESS': 'analytics-v2',
      'X-Team': 'sre',
      'User-Agent': 'custom',
    },
  };

  it('keeps in a page only the headers PagerDuty lets a page send, whatever their case', () => {
    expect(browserSafeInit(init, browserPolicy(true, PAGE)).headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer t',
      from: 'a@example.com',
      'X-EARLY-ACCESS': 'analytics-v2',
      'User-Agent': 'custom',
    });
    expect(init.headers['X-Team']).toBe('sre');
  });

  it('sends every header outside a page', () => {
    expect(browserSafeInit(init, browserPolicy(undefined, {}))).toBe(init);
  });
});
