import { describe, expect, it } from '@jest/globals';
import type { OAuthCredential } from '../../../src/cli/profiles/profile.js';
import { isDue, profileTokenProvider, renewedCredential } from '../../../src/cli/profiles/profile-token-provider.js';
import type { OAuthTokenResponse } from '../../../src/core/oauth/token-response.js';

const NOW = Date.parse('2026-11-29T00:00:00Z');
const CREDENTIAL: OAuthCredential = {
  kind: 'oauth',
  clientId: 'app',
  identityUrl: 'http://127.0.0.1:1',
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  expiresAt: '2026-11-29T01:00:00Z',
};

function identity() {
  const asked: string[] = [];
  let count = 1;
  return {
    asked,
    getRefreshedToken: async (refreshToken: string): Promise<OAuthTokenResponse> => {
      asked.push(refreshToken);
      count += 1;
      return {
        access_token: `access-${count}`,
        refresh_token: `refresh-${count}`,
        expires_in: 3600,
        expiration_date: '2026-11-29T02:00:00Z',
      };
    },
  };
}

describe('isDue', () => {
  it('is due a minute before expiry, and never without an expiry', () => {
    expect(isDue(CREDENTIAL, NOW)).toBe(false);
    expect(isDue(CREDENTIAL, Date.parse('2026-11-29T00:59:00Z'))).toBe(true);
    expect(isDue({ ...CREDENTIAL, expiresAt: undefined }, NOW)).toBe(false);
  });
});

describe('renewedCredential', () => {
  it('keeps the refresh token when the response has none', () => {
    const response = { access_token: 'a2', expires_in: 1, expiration_date: 'd' };
    expect(renewedCredential(CREDENTIAL, response)).toEqual({
      ...CREDENTIAL,
      accessToken: 'a2',
      expiresAt: 'd',
    });
  });
});

describe('profileTokenProvider', () => {
  it('sends the access token until it is due, then renews it once and saves the new tokens', async () => {
    const oauth = identity();
    const saved: OAuthCredential[] = [];
    let now = NOW;
    const provider = profileTokenProvider(
      CREDENTIAL,
      oauth,
      async (c) => void saved.push(c),
      () => now,
    );
    expect(await provider.getToken()).toBe('access-1');
    now = Date.parse('2026-11-29T00:59:30Z');
    const [first, second] = await Promise.all([provider.getToken(), provider.getToken()]);
    expect([first, second]).toEqual(['access-2', 'access-2']);
    expect(oauth.asked).toEqual(['refresh-1']);
    expect(saved).toEqual([expect.objectContaining({ accessToken: 'access-2', refreshToken: 'refresh-2' })]);
  });

  it('renews a refused token, and says so without renewing when another request already did', async () => {
    const oauth = identity();
    const provider = profileTokenProvider(
      CREDENTIAL,
      oauth,
      async () => {},
      () => NOW,
    );
    expect(await provider.refused?.({ token: 'access-1', status: 401 })).toBe(true);
    expect(await provider.getToken()).toBe('access-2');
    expect(await provider.refused?.({ token: 'access-1', status: 401 })).toBe(true);
    expect(oauth.asked).toEqual(['refresh-1']);
  });

  it('has nothing to offer for a refused token without a refresh token', async () => {
    const provider = profileTokenProvider({ ...CREDENTIAL, refreshToken: undefined }, identity(), async () => {});
    expect(await provider.refused?.({ token: 'access-1', status: 401 })).toBe(false);
  });
});
