// The renewal engine alone, over a counting token source and an injected clock.
import { describe, expect, it } from '@jest/globals';
import { inspect } from 'node:util';
import { ManagedTokenProvider } from '../../../src/core/oauth/managed-token.js';
import { OAuthGrantError } from '../../../src/core/oauth/oauth-grant-error.js';
import { InMemoryTokenStore } from '../../../src/core/oauth/token-store.js';

function setup(options: { fail?: Error } = {}) {
  let clock = 0;
  let issued = 0;
  const provider = new ManagedTokenProvider({
    store: new InMemoryTokenStore(() => clock),
    key: 'app',
    now: () => clock,
    earlyRenewal: undefined,
    region: 'eu',
    fetchToken: async () => {
      if (options.fail) throw options.fail;
      issued += 1;
      return { accessToken: `secret-token-${issued}`, expiresAt: clock + 10_000, lifetime: 10 };
    },
  });
  return {
    provider,
    issued: () => issued,
    advance: (ms: number) => void (clock += ms),
  };
}

describe('ManagedTokenProvider', () => {
  it('keeps its token until 10% of its life before expiry, then renews', async () => {
    const { provider, issued, advance } = setup();
    expect(await provider.getToken()).toBe('secret-token-1');
    advance(8_999);
    expect(await provider.getToken()).toBe('secret-token-1');
    advance(1);
    expect(await provider.getToken()).toBe('secret-token-2');
    expect(issued()).toBe(2);
    expect(provider.expiresIn()).toBe(10);
  });

  it('renews once for many requests refused with the same token', async () => {
    const { provider, issued } = setup();
    const token = await provider.getToken();
    const answers = await Promise.all([1, 2, 3].map(() => provider.refused({ token, status: 401 })));
    expect(answers).toEqual([true, true, true]);
    expect(issued()).toBe(2);
    // A refusal of a token already replaced costs nothing.
    expect(await provider.refused({ token, status: 401 })).toBe(true);
    expect(issued()).toBe(2);
  });

  it('after a refusal for good, fails at once every time and tells the client there is no new token', async () => {
    const refusal = new OAuthGrantError('refused', 'invalid_client', 401);
    const { provider } = setup({ fail: refusal });
    await expect(provider.getToken()).rejects.toBe(refusal);
    await expect(provider.getToken()).rejects.toBe(refusal);
    expect(await provider.refused({ token: 'x', status: 401 })).toBe(false);
  });

  it('rethrows a passing failure and asks again at the next call', async () => {
    const error = new Error('identity service down');
    const { provider } = setup({ fail: error });
    await expect(provider.getToken()).rejects.toBe(error);
    await expect(provider.getToken()).rejects.toBe(error);
  });

  it('never shows its token when printed, serialised or inspected', async () => {
    const { provider } = setup();
    await provider.getToken();
    for (const shown of [String(provider), JSON.stringify(provider), inspect(provider)]) {
      expect(shown).not.toContain('secret-token');
    }
    expect(provider.region).toBe('eu');
  });
});

describe('ManagedTokenProvider over a store that fails', () => {
  it('renews on its own: a store that is down never fails a call', async () => {
    const down = async (): Promise<never> => {
      throw new Error('ECONNREFUSED');
    };
    let issued = 0;
    const provider = new ManagedTokenProvider({
      store: { read: down, write: down, lock: down },
      key: 'app',
      now: () => 0,
      earlyRenewal: undefined,
      region: undefined,
      fetchToken: async () => ({ accessToken: `token-${++issued}`, expiresAt: 10_000, lifetime: 10 }),
    });
    expect(await provider.getToken()).toBe('token-1');
    expect(await provider.getToken()).toBe('token-1');
    expect(issued).toBe(1);
  });
});
