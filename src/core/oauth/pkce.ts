/**
 * PKCE (RFC 7636) with the S256 method: a random code verifier and the challenge derived
 * from it. Pure apart from the random source, which is injectable.
 *
 * @module
 */

// node:crypto is loaded on first use (process.getBuiltinModule), not when the library is
// imported: most programs never make a PKCE pair, and loading it costs start-up time.
function nodeCrypto(): typeof import('node:crypto') {
  return process.getBuiltinModule('node:crypto');
}

const cryptoRandomBytes: RandomBytes = (size) => nodeCrypto().randomBytes(size);

/** Returns `size` cryptographically random bytes (node:crypto's `randomBytes` by default). */
export type RandomBytes = (size: number) => Uint8Array;

/** How many random bytes make a verifier: 32 bytes encode to 43 base64url characters. */
const VERIFIER_BYTES = 32;

/** A PKCE pair: `[codeVerifier, codeChallenge]`. */
export type PkcePair = [codeVerifier: string, codeChallenge: string];

/** Base64url (RFC 4648 section 5) without `=` padding, as PKCE requires. */
export function base64UrlEncode(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/**
 * The S256 code challenge of a verifier: base64url (no padding) of its SHA-256 digest.
 *
 * @example
 * ```ts
 * s256CodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
 * // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' (RFC 7636, appendix B)
 * ```
 */
export function s256CodeChallenge(codeVerifier: string): string {
  return base64UrlEncode(nodeCrypto().createHash('sha256').update(codeVerifier, 'ascii').digest());
}

/**
 * A new PKCE pair: a verifier of 43 base64url characters from 32 random bytes, and its
 * S256 challenge.
 *
 * @param randomBytes - the random source; tests pass a fixed one
 * @throws RangeError when the random source returns fewer than 32 bytes
 *
 * @example
 * ```ts
 * const [codeVerifier, codeChallenge] = createS256PkcePair();
 * ```
 */
export function createS256PkcePair(randomBytes: RandomBytes = cryptoRandomBytes): PkcePair {
  const bytes = randomBytes(VERIFIER_BYTES);
  if (bytes.length < VERIFIER_BYTES) {
    throw new RangeError(`the random source returned ${bytes.length} bytes; PKCE needs ${VERIFIER_BYTES}`);
  }
  const codeVerifier = base64UrlEncode(bytes.subarray(0, VERIFIER_BYTES));
  return [codeVerifier, s256CodeChallenge(codeVerifier)];
}
