// The hashing the library does itself: SHA-256 for PKCE challenges and webhook delivery keys, HMAC-SHA256 for
// webhook signatures. Each platform module answers with one: node:crypto on Node, elsewhere node:crypto where the
// runtime has it (Bun, Deno) and @noble/hashes otherwise (./portable-hashing.ts, which only the web platform loads).
// All of it is synchronous: the public PKCE API is, and Web Crypto's digest is async only. The text forms of the
// digests are here too (hex for signatures, base64 for delivery keys, base64url for PKCE): nothing else encodes bytes.

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

const HEX_PAIRS = /^(?:[0-9a-f]{2})*$/i;

/** Lower-case hex, two digits a byte. */
export function hex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}

/** @throws RangeError for anything but pairs of hex digits (either case) */
export function bytesFromHex(text: string): Uint8Array {
  if (!HEX_PAIRS.test(text)) throw new RangeError('expected an even number of hex digits');
  const bytes = new Uint8Array(text.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(text.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

// btoa is on every runtime (Buffer is Node's alone); slices keep a large array within the argument limit.
const SLICE = 0x8000;

export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(start, start + SLICE));
  }
  return btoa(binary);
}

/** Base64url (RFC 4648 §5) without padding, as PKCE (RFC 7636) and JWTs use it. */
export function base64Url(bytes: Uint8Array): string {
  return base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
