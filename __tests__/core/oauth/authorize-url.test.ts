import { describe, expect, it } from '@jest/globals';
import { buildAuthorizeUrl, IDENTITY_BASE_URL } from '../../../src/core/oauth/authorize-url.js';

describe('buildAuthorizeUrl', () => {
  it('puts client_id, redirect_uri, response_type=code and scope in that order, form-encoded', () => {
    const url = buildAuthorizeUrl({
      clientId: 'app id',
      scope: 'read write',
      redirectUri: 'https://app.example/cb?x=1',
    });
    expect(url).toBe(
      `${IDENTITY_BASE_URL}/oauth/authorize?client_id=app+id` +
        '&redirect_uri=https%3A%2F%2Fapp.example%2Fcb%3Fx%3D1&response_type=code&scope=read+write',
    );
  });

  it('adds code_challenge and code_challenge_method=S256 for PKCE', () => {
    const url = new URL(
      buildAuthorizeUrl({ clientId: 'c', scope: 's', redirectUri: 'http://127.0.0.1/cb', codeChallenge: 'abc' }),
    );
    expect([...url.searchParams.keys()]).toEqual([
      'client_id',
      'redirect_uri',
      'response_type',
      'scope',
      'code_challenge',
      'code_challenge_method',
    ]);
    expect(url.searchParams.get('code_challenge')).toBe('abc');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('uses another base URL when given one, without doubling slashes', () => {
    const url = buildAuthorizeUrl({ clientId: 'c', scope: 's', redirectUri: 'r', baseUrl: 'http://127.0.0.1:9/' });
    expect(url.startsWith('http://127.0.0.1:9/oauth/authorize?')).toBe(true);
  });

  it('refuses empty parameters', () => {
    expect(() => buildAuthorizeUrl({ clientId: '', scope: 's', redirectUri: 'r' })).toThrow(TypeError);
    expect(() => buildAuthorizeUrl({ clientId: 'c', scope: '', redirectUri: 'r' })).toThrow(TypeError);
    expect(() => buildAuthorizeUrl({ clientId: 'c', scope: 's', redirectUri: '' })).toThrow(TypeError);
    expect(() => buildAuthorizeUrl({ clientId: 'c', scope: 's', redirectUri: 'r', codeChallenge: '' })).toThrow(
      TypeError,
    );
  });
});
