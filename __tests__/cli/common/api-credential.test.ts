import { describe, expect, it } from '@jest/globals';
import { apiCredential } from '../../../src/cli/common/api-credential.js';
import { pageSizeFor, printItems } from '../../../src/cli/api/api-pages.js';

describe('apiCredential', () => {
  const profile = { name: 'work', credential: { kind: 'api-key' as const, key: 'profile-key' } };

  it('takes PAGERDUTY_API_KEY over the profile, sent as --auth-type says', () => {
    expect(apiCredential({ PAGERDUTY_API_KEY: 'env-key' }, 'oauth2', profile)).toEqual({
      key: 'env-key',
      authType: 'oauth2',
      origin: 'PAGERDUTY_API_KEY',
    });
  });

  it("takes the profile's API key as a token, and its OAuth access token as bearer", () => {
    expect(apiCredential({}, 'token', profile)).toMatchObject({ key: 'profile-key', authType: 'token' });
    const oauth = { kind: 'oauth' as const, clientId: 'c', identityUrl: 'u', accessToken: 'at' };
    expect(apiCredential({}, 'token', { name: 'o', credential: oauth })).toMatchObject({
      key: 'at',
      authType: 'bearer',
      oauth,
    });
  });

  it('is a usage error naming where a key can come from', () => {
    expect(() => apiCredential({}, 'token')).toThrow('no API key: set PAGERDUTY_API_KEY, or run "pagerduty login"');
    expect(() => apiCredential({}, 'token', { name: 'empty' })).toThrow('pagerduty login --profile empty');
  });
});

describe('printItems', () => {
  async function* items(count: number, seen: { read: number }) {
    for (let i = 0; i < count; i++) {
      seen.read += 1;
      yield { id: i };
    }
  }

  it('stops reading at the limit', async () => {
    const seen = { read: 0 };
    const lines: string[] = [];
    expect(await printItems(items(10, seen), { limit: 3 }, (line) => lines.push(line))).toBe(3);
    expect(lines).toEqual(['{"id":0}\n', '{"id":1}\n', '{"id":2}\n']);
    expect(seen.read).toBe(3);
  });

  it('hands jq a page of items at a time', async () => {
    const batches: number[] = [];
    const jq = (inputs: readonly string[]) => {
      batches.push(inputs.length);
      return inputs.map((input) => String((JSON.parse(input) as { id: number }).id));
    };
    const lines: string[] = [];
    await printItems(items(250, { read: 0 }), { jq }, (line) => lines.push(line));
    expect(batches).toEqual([100, 100, 50]);
    expect(lines).toHaveLength(250);
  });

  it('asks for pages no bigger than the limit', () => {
    expect(pageSizeFor(5)).toBe(5);
    expect(pageSizeFor(500)).toBe(100);
    expect(pageSizeFor(undefined)).toBe(100);
  });
});
