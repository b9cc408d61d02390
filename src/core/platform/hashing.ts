// The hashing the library does itself: SHA-256 for PKCE challenges and webhook delivery keys, HMAC-SHA256 for
// webhook signatures. Each platform module answers with one: node:crypto on Node, elsewhere node:crypto where the
// runtime has it (Bun, Deno) and @noble/hashes otherwise (./portable-hashing.ts, which only the web platform loads).
// All of it is synchronous: the public PKCE API is, and Web Crypto's digest is async only.

/** SHA-256 and HMAC-SHA256, and a constant-time comparison of their digests. */
export interface Hashing {
  readonly source: 'node:crypto' | '@noble/hashes';
  readonly sha256: (data: Uint8Array) => Uint8Array;
  /** The key is encoded as UTF-8. */
  readonly hmacSha256: (key: string, data: Uint8Array) => Uint8Array;
  /** Compares two digests of the same length in constant time. */
  readonly timingSafeEqual: (a: Uint8Array, b: Uint8Array) => boolean;
}

export type NodeCrypto = Pick<typeof import('node:crypto'), 'createHash' | 'createHmac' | 'timingSafeEqual'>;

/** Hashing with the node:crypto that `crypto` returns, asked for at each use (so not before the first). */
export function nodeHashing(crypto: () => NodeCrypto): Hashing {
  return {
    source: 'node:crypto',
    sha256: (data) => crypto().createHash('sha256').update(data).digest(),
    hmacSha256: (key, data) => crypto().createHmac('sha256', key).update(data).digest(),
    timingSafeEqual: (a, b) => crypto().timingSafeEqual(a, b),
  };
}
