import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** The hashing a webhook receiver needs, from `node:crypto` where the runtime has it, else from `@noble/hashes`. */
export interface WebhookCrypto {
  readonly source: 'node:crypto' | '@noble/hashes';
  readonly hmacSha256: (key: string, data: Uint8Array) => Uint8Array;
  readonly sha256: (data: Uint8Array) => Uint8Array;
  /** Compares two digests of the same length in constant time. */
  readonly timingSafeEqual: (a: Uint8Array, b: Uint8Array) => boolean;
}

type NodeCrypto = typeof import('node:crypto');

export function nodeWebhookCrypto(crypto: NodeCrypto): WebhookCrypto {
  return {
    source: 'node:crypto',
    hmacSha256: (key, data) => crypto.createHmac('sha256', key).update(data).digest(),
    sha256: (data) => crypto.createHash('sha256').update(data).digest(),
    timingSafeEqual: (a, b) => crypto.timingSafeEqual(a, b),
  };
}

// Every byte is visited and the differences OR-ed together: the time depends on the length (public, 32 bytes)
// and never on where the digests differ.
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

export const portableWebhookCrypto: WebhookCrypto = {
  source: '@noble/hashes',
  hmacSha256: (key, data) => hmac(sha256, utf8ToBytes(key), data),
  sha256: (data) => sha256(data),
  timingSafeEqual: constantTimeEqual,
};

/** The globals {@link webhookCrypto} looks at; `process` is missing outside Node, Bun and Deno. */
export interface CryptoGlobals {
  readonly process?: { readonly getBuiltinModule?: (id: string) => unknown };
}

// node:crypto is native and about 17 times faster on a 256 KiB body, so Node users keep it; it is asked for at
// run time, never imported, so that a bundler for another runtime is not asked to resolve it.
export function webhookCrypto(globals: CryptoGlobals = globalThis as CryptoGlobals): WebhookCrypto {
  const crypto = globals.process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
  return typeof crypto?.createHmac === 'function' ? nodeWebhookCrypto(crypto) : portableWebhookCrypto;
}
