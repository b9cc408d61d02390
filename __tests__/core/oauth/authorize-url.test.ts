import { describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import {
  base64UrlEncode,
  createS256PkcePair,
  s256CodeChallenge,
  buildAuthorizeUrl,
  IDENTITY_BASE_URL,
} from '../../../src/core/oauth/authorize-url.js';

// RFC 7636, appendix B: the octets, the verifier they encode to, and its S256 challenge.
const RFC_OCTETS = Uint8Array.from([
  116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91,
  88, 5, 88, 83, 132, 141, 121,
]);
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('PKCE S256', () => {
  it('derives the RFC 7636 appendix B verifier and challenge from its octets', () => {
    const sizes: number[] = [];
    const pair = createS256PkcePair((size) => {
      sizes.push(size);
      return RFC_OCTETS;
    });
    expect(pair).toEqual([RFC_VERIFIER, RFC_CHALLENGE]);
    expect(sizes).toEqual([32]);
  });

  it('computes the challenge of a verifier as base64url SHA-256 without padding', () => {
    expect(s256CodeChallenge(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
  });

  it('makes a 43-character base64url verifier from the real random source, different each time', () => {
    const [verifier, challenge] = createS256PkcePair();
    const [other] = createS256PkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(s256CodeChallenge(verifier));
    expect(other).not.toBe(verifier);
  });

  it("gives node:crypto's challenge for any verifier", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._~-]{43,128}$/), (verifier) => {
        expect(s256CodeChallenge(verifier)).toBe(createHash('sha256').update(verifier).digest('base64url'));
      }),
    );
  });

  it('uses Web Crypto for the default random source (present on every runtime, node:crypto not needed)', () => {
    const getRandomValues = jest.spyOn(globalThis.crypto, 'getRandomValues');
    try {
      createS256PkcePair();
      expect(getRandomValues).toHaveBeenCalledTimes(1);
      expect((getRandomValues.mock.calls[0]?.[0] as Uint8Array | undefined)?.length).toBe(32);
    } finally {
      getRandomValues.mockRestore();
    }
  });

  it('refuses a random source that returns too few bytes', () => {
    expect(() => createS256PkcePair(() => new Uint8Array(16))).toThrow(RangeError);
  });

  it('encodes base64url with - and _ and no padding', () => {
    expect(base64UrlEncode(Uint8Array.from([0xfb, 0xff]))).toBe('-_8');
  });
});

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
