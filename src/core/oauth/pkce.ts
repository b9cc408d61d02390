// Loaded on first use: most programs never make a PKCE pair, and loading node:crypto costs start-up time.
function nodeCrypto(): typeof import('node:crypto') {
  return process.getBuiltinModule('node:crypto');
}

const cryptoRandomBytes: RandomBytes = (size) => nodeCrypto().randomBytes(size);

/** Returns `size` cryptographically random bytes (node:crypto's `randomBytes` by default). */
export type RandomBytes = (size: number) => Uint8Array;

// 32 bytes encode to 43 base64url characters, the shortest verifier RFC 7636 allows.
const VERIFIER_BYTES = 32;

/** A PKCE pair: `[codeVerifier, codeChallenge]`. */
export type PkcePair = [codeVerifier: string, codeChallenge: string];

export function base64UrlEncode(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

export function s256CodeChallenge(codeVerifier: string): string {
  return base64UrlEncode(nodeCrypto().createHash('sha256').update(codeVerifier, 'ascii').digest());
}

export function createS256PkcePair(randomBytes: RandomBytes = cryptoRandomBytes): PkcePair {
  const bytes = randomBytes(VERIFIER_BYTES);
  if (bytes.length < VERIFIER_BYTES) {
    throw new RangeError(`the random source returned ${bytes.length} bytes; PKCE needs ${VERIFIER_BYTES}`);
  }
  const codeVerifier = base64UrlEncode(bytes.subarray(0, VERIFIER_BYTES));
  return [codeVerifier, s256CodeChallenge(codeVerifier)];
}
