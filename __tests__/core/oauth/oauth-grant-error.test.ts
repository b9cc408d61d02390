import { describe, expect, it } from '@jest/globals';
import { OAuthTokenClient } from '../../../src/core/oauth/oauth-token-client.js';
import { requireStrings } from '../../../src/core/oauth/oauth-grant-error.js';
import { startLoopback, ok } from '../../helpers/loopback.js';

describe('requireStrings', () => {
  it('accepts non-empty strings', () => {
    expect(() => requireStrings('m', { a: 'x', b: 'y' })).not.toThrow();
  });

  it.each([null, undefined, '', 42, {}])('refuses %p naming the method and argument', (value) => {
    expect(() => requireStrings('getRefreshedToken', { refreshToken: value })).toThrow(
      /^getRefreshedToken: refreshToken must be a non-empty string/,
    );
  });
});

describe('OAuth grants with missing arguments: a TypeError and nothing sent', () => {
  const calls: [string, (c: OAuthTokenClient) => Promise<unknown>][] = [
    ['getRefreshedToken(null)', (c) => c.getRefreshedToken(null as never)],
    [
      'getNewTokenFromCode(code, undefined, uri)',
      (c) => c.getNewTokenFromCode('code', undefined as never, 'https://a.example/cb'),
    ],
    [
      'getNewTokenFromCodeWithPkce without verifier',
      (c) => (c.getNewTokenFromCodeWithPkce as (...a: unknown[]) => Promise<unknown>)('c', 's', 'u'),
    ],
    ['getScopedAppToken(42)', (c) => c.getScopedAppToken(42 as never)],
    ['refreshClient(token, null, date)', (c) => c.refreshClient('a', null as never, '2000-01-01T00:00:00Z')],
    [
      'getNewToken({ refresh_token: null })',
      (c) => c.getNewToken({ grant_type: 'refresh_token', refresh_token: null as never }),
    ],
  ];

  it.each(calls)('%s', async (_name, call) => {
    const server = await startLoopback([ok({ access_token: 'a', expires_in: 1 })]);
    const client = new OAuthTokenClient('pdcs_secret', 'client', { baseUrl: server.url });
    await expect(call(client)).rejects.toThrow(TypeError);
    client.close();
    await server.close();
    expect(server.requests).toHaveLength(0);
  });
});
