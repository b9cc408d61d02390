// Hashing without node:crypto (a browser, a worker without nodejs_compat): @noble/hashes, audited, synchronous and
// without dependencies. Only the web platform imports this module, so that Node never loads @noble/hashes.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Hashing } from './hashing.js';

// Every byte is visited and the differences OR-ed together: the time depends on the length (public, 32 bytes)
// and never on where the digests differ.
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

export const portableHashing: Hashing = {
  source: '@noble/hashes',
  sha256: (data) => sha256(data),
  hmacSha256: (key, data) => hmac(sha256, new TextEncoder().encode(key), data),
  timingSafeEqual: constantTimeEqual,
};
