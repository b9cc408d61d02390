import { describe, expect, it } from '@jest/globals';
import { internalOf, withInternal } from '../../../src/core/client/internal-options.js';
import { ApiClient, RestApiV2Client, tokenAuth } from '../../../src/index.js';

describe('the internal options', () => {
  it('ride on symbols: invisible to Object.keys and JSON, and merged when two option objects are spread', () => {
    const sleep = async (): Promise<void> => {};
    const random = (): number => 0.5;
    const merged = { baseUrl: 'http://127.0.0.1:1', ...withInternal({}, { sleep }), ...withInternal({}, { random }) };
    expect(Object.keys(merged)).toEqual(['baseUrl']);
    expect(JSON.stringify(merged)).toBe('{"baseUrl":"http://127.0.0.1:1"}');
    expect(internalOf(merged)).toEqual({ sleep, random });
  });

  it('never change the object they are added to', () => {
    const given = { timeout: 5 };
    const added = withInternal(given, { compress: false });
    expect(internalOf(given)).toEqual({});
    expect(internalOf(added)).toEqual({ compress: false });
  });

  it('are not public options: a client refuses them by name', () => {
    for (const name of ['sleep', 'random', 'errorFactory', 'policy', 'retryUnresolvedHosts', 'callKey', 'size']) {
      expect(() => new RestApiV2Client('k', { [name]: undefined } as never)).toThrow(TypeError);
      expect(() => new ApiClient(tokenAuth('k'), { [name]: undefined } as never)).toThrow(TypeError);
    }
  });
});
