import { describe, expect, it } from '@jest/globals';
import {
  apiKeyAccessFrom,
  apiKeyAccessFromText,
  subdomainFromHtmlUrl,
} from '../../../src/core/rest/account-introspection.js';

describe('apiKeyAccessFrom', () => {
  it('is user when /users/me answers', () => {
    expect(apiKeyAccessFrom(200, { user: { id: 'P1' } })).toBe('user');
  });

  it('is account on a 400 that says an account-level access token was used', () => {
    const message =
      'Because this request was made using an account-level access token, we were unable to determine the user.';
    expect(apiKeyAccessFrom(400, { error: { code: 2100, message } })).toBe('account');
    expect(apiKeyAccessFrom(400, { error: message })).toBe('account');
  });

  it('is null for anything else', () => {
    expect(apiKeyAccessFrom(400, { error: { message: 'Invalid Input Provided' } })).toBeNull();
    expect(apiKeyAccessFrom(400, undefined)).toBeNull();
    expect(apiKeyAccessFrom(500, { error: 'account-level access token' })).toBeNull();
    expect(apiKeyAccessFrom(403, {})).toBeNull();
  });
});

describe('apiKeyAccessFromText', () => {
  it('decodes the answer before judging it', () => {
    expect(
      apiKeyAccessFromText(400, JSON.stringify({ error: { message: 'made using an account-level access token' } })),
    ).toBe('account');
    expect(apiKeyAccessFromText(200, '{"user":{"id":"P1"}}')).toBe('user');
  });

  it('goes by the status alone when the body is not JSON', () => {
    expect(apiKeyAccessFromText(200, '<html>ok</html>')).toBe('user');
    expect(apiKeyAccessFromText(400, '<html>account-level access token</html>')).toBeNull();
    expect(apiKeyAccessFromText(400, '')).toBeNull();
  });
});

describe('subdomainFromHtmlUrl', () => {
  it('takes the first label of the host', () => {
    expect(subdomainFromHtmlUrl('https://acme.pagerduty.com/users/P1')).toBe('acme');
    expect(subdomainFromHtmlUrl('https://acme-eu.eu.pagerduty.com/users/P1')).toBe('acme-eu');
  });

  it('is null for what is not a URL', () => {
    expect(subdomainFromHtmlUrl('not a url')).toBeNull();
    expect(subdomainFromHtmlUrl(undefined)).toBeNull();
    expect(subdomainFromHtmlUrl(42)).toBeNull();
  });
});
