import { base64Url } from '../encoding/base64.js';
import { hashing } from '../platform/node-platform.js';

/** Returns `size` cryptographically random bytes (Web Crypto's `crypto.getRandomValues` by default). */
export type RandomBytes = (size: number) => Uint8Array;

// Web Crypto's random source is global on every supported runtime (Node 20 included); read at call time, so that
// importing this file needs nothing.
const cryptoRandomBytes: RandomBytes = (size) => globalThis.crypto.getRandomValues(new Uint8Array(size));

// 32 bytes encode to 43 base64url characters, the shortest verifier RFC 7636 allows.
const VERIFIER_BYTES = 32;

/** A PKCE pair: `[codeVerifier, codeChallenge]`. */
export type PkcePair = [codeVerifier: string, codeChallenge: string];

export function base64UrlEncode(bytes: Uint8Array): string {
  return base64Url(bytes);
}

// A synchronous SHA-256 (node:crypto, else @noble/hashes): Web Crypto's digest is async only, and the PKCE API is
// sync.
export function s256CodeChallenge(codeVerifier: string): string {
  return base64UrlEncode(hashing().sha256(new TextEncoder().encode(codeVerifier)));
}

export function createS256PkcePair(randomBytes: RandomBytes = cryptoRandomBytes): PkcePair {
  const bytes = randomBytes(VERIFIER_BYTES);
  if (bytes.length < VERIFIER_BYTES) {
    throw new RangeError(`the random source returned ${bytes.length} bytes; PKCE needs ${VERIFIER_BYTES}`);
  }
  const codeVerifier = base64UrlEncode(bytes.subarray(0, VERIFIER_BYTES));
  return [codeVerifier, s256CodeChallenge(codeVerifier)];
}

export const IDENTITY_BASE_URL = 'https://identity.pagerduty.com';

export interface AuthorizeUrlParams {
  clientId: string;
  scope: string;
  redirectUri: string;
  codeChallenge?: string;
  baseUrl?: string;
}

/** The parameter order matches the predecessor library's. */
export function buildAuthorizeUrl(params: AuthorizeUrlParams): string {
  const { clientId, scope, redirectUri, codeChallenge, baseUrl = IDENTITY_BASE_URL } = params;
  for (const [name, value] of [
    ['clientId', clientId],
    ['scope', scope],
    ['redirectUri', redirectUri],
  ] as const) {
    if (typeof value !== 'string' || value === '') throw new TypeError(`${name} must be a non-empty string`);
  }
  const query = new URLSearchParams([
    ['client_id', clientId],
    ['redirect_uri', redirectUri],
    ['response_type', 'code'],
    ['scope', scope],
  ]);
  if (codeChallenge !== undefined) {
    if (typeof codeChallenge !== 'string' || codeChallenge === '') {
      throw new TypeError('codeChallenge must be a non-empty string');
    }
    query.append('code_challenge', codeChallenge);
    query.append('code_challenge_method', 'S256');
  }
  return `${baseUrl.replace(/\/+$/, '')}/oauth/authorize?${query.toString()}`;
}
