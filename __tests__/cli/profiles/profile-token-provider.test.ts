import { describe, expect, it } from '@jest/globals';
import type { OAuthCredential } from '../../../src/cli/profiles/profile.js';
import { profileTokenProvider, renewedCredential } from '../../../src/cli/profiles/profile-token-provider.js';

const CREDENTIAL: OAuthCredential = {
  kind: 'oauth',
  clientId: 'app',
  identityUrl: 'http://127.0.0.1:1',
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  expiresAt: '2026-11-29T01:00:00Z',
};

describe('renewedCredential', () => {
  it('takes the new tokens and expiry, and keeps the refresh token when the response has none', () => {
    expect(renewedCredential(CREDENTIAL, { access_token: 'a2', expires_in: 1, expiration_date: 'd' })).toEqual({
      ...CREDENTIAL,
      accessToken: 'a2',
      expiresAt: 'd',
    });
    expect(
      renewedCredential(CREDENTIAL, { access_token: 'a3', refresh_token: 'r3', expires_in: 1, expiration_date: 'e' }),
    ).toMatchObject({ accessToken: 'a3', refreshToken: 'r3' });
  });
});

describe('profileTokenProvider', () => {
  it('is the access token alone when there is no refresh token to renew it with', async () => {
    const key = await profileTokenProvider({ ...CREDENTIAL, refreshToken: undefined }, {}, async () => {});
    expect(key).toBe('access-1');
  });

  it('is a provider that sends the access token while it is not due', async () => {
    const provider = await profileTokenProvider(
      { ...CREDENTIAL, expiresAt: '2999-01-01T00:00:00Z' },
      {},
      async () => {},
    );
    expect(typeof provider).toBe('object');
    expect(await (provider as { getToken(): Promise<string> }).getToken()).toBe('access-1');
  });
});
