import { afterEach, describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { hashing } from '../../../src/core/platform/node-platform.js';
import {
  loadDefaultFetch,
  openConnections,
  portableHashing as portable,
} from '../../../src/core/platform/web-platform.js';
import type { FetchResponse } from '../../../src/core/platform/fetch-types.js';
import { checkSignatureWith, signWebhookBody } from '../../../src/core/webhooks/verify-signature.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the web platform', () => {
  it("sends through the global fetch as it is at each request, without node-fetch's agent", async () => {
    const send = jest.fn(async () => ({ status: 204 }) as unknown as Response);
    const fetch = await loadDefaultFetch();
    globalThis.fetch = send as unknown as typeof globalThis.fetch;
    const response = (await fetch('https://api.example/x', { method: 'GET', agent: {} as never })) as FetchResponse;
    expect(response.status).toBe(204);
    expect(send).toHaveBeenCalledWith('https://api.example/x', { method: 'GET' });
  });

  it('says to pass the fetch option where there is no global fetch', async () => {
    const fetch = await loadDefaultFetch();
    (globalThis as { fetch?: unknown }).fetch = undefined;
    expect(() => fetch('https://api.example/x', {})).toThrow(/has no global fetch: pass the fetch option/);
  });

  it("refuses node-fetch's agent and proxy options, naming the runtime", () => {
    expect(() => openConnections({ agent: {} as never })).toThrow(/the agent option needs Node's agents, and Node /);
    expect(() => openConnections({ proxy: 'http://proxy:3128' })).toThrow(/the proxy option .*HTTPS_PROXY/);
  });

  // The proxy URL is checked by the Node platform only: here every proxy is refused alike, malformed or not.
  it('refuses a malformed proxy as it refuses any', () => {
    expect(() => openConnections({ proxy: 'ftp://proxy:21' })).toThrow(/^the proxy option needs Node's agents/);
  });

  it('owns no agent and has nothing to close otherwise', () => {
    const connections = openConnections({});
    expect(connections.agentFor('https://api.example/x')).toBeUndefined();
    expect(() => connections.close()).not.toThrow();
  });
});

// The portable hashing gives the Node platform's results bit for bit, so a signature made on one runtime verifies on
// any other, a delivery key is the same wherever it was computed, and a PKCE challenge does not depend on the runtime.
const native = hashing();
const bodies = fc.uint8Array({ maxLength: 2048 });
const secrets = fc.string({ minLength: 1, maxLength: 200, unit: 'grapheme' });

describe('the portable hashing (@noble/hashes)', () => {
  it("computes the Node platform's (node:crypto) HMAC-SHA256 and SHA-256 for any key and data", () => {
    expect(native.source).toBe('node:crypto');
    fc.assert(
      fc.property(secrets, bodies, (secret, body) => {
        expect(portable.hmacSha256(secret, body)).toEqual(Uint8Array.from(native.hmacSha256(secret, body)));
        expect(portable.sha256(body)).toEqual(Uint8Array.from(native.sha256(body)));
      }),
    );
  });

  it('hashes a key longer than the SHA-256 block first, as HMAC requires', () => {
    const key = 'k'.repeat(100);
    const body = new TextEncoder().encode('body');
    expect(portable.hmacSha256(key, body)).toEqual(Uint8Array.from(native.hmacSha256(key, body)));
  });

  it('says two arrays are equal exactly when node:crypto does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.nat(31), fc.nat(255), (digest, index, flip) => {
        const other = Uint8Array.from(digest);
        other[index] ^= flip;
        expect(portable.timingSafeEqual(digest, other)).toBe(native.timingSafeEqual(digest, other));
        expect(portable.timingSafeEqual(digest, other)).toBe(flip === 0);
      }),
    );
  });

  it('refuses arrays of different lengths instead of comparing a prefix', () => {
    expect(portable.timingSafeEqual(new Uint8Array(32), new Uint8Array(31))).toBe(false);
  });

  it('verifies what node:crypto signed, and refuses it under another secret', () => {
    fc.assert(
      fc.property(bodies, secrets, (body, secret) => {
        const header = signWebhookBody(body, secret);
        expect(checkSignatureWith(portable, body, header, secret, {})).toEqual({ ok: true, secretIndex: 0 });
        expect(checkSignatureWith(portable, body, header, `${secret}x`, {})).toEqual({ ok: false, reason: 'no-match' });
      }),
    );
  });
});
