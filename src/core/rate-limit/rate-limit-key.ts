// A limiter (and the Redis store behind one) only ever sees a hash of the credential: its SHA-256 in hex. Node (and
// Bun, Deno) hash at once with node:crypto, asked for at run time, never imported, so that a bundler for another
// runtime is not asked to resolve it; elsewhere Web Crypto hashes, asynchronously. No hashing library is bundled
// into a page for it: @noble/hashes was 2.9 kB of a gzipped browser bundle of the REST client.
import type { Secret } from '../auth/secret.js';
import { runtimeLabel, type RuntimeGlobals } from '../platform/runtime.js';
import type { RateLimitKey } from './rate-limiter.js';

export const ANONYMOUS_RATE_LIMIT_ID = 'anonymous';

const ANONYMOUS: RateLimitKey = Object.freeze({ id: ANONYMOUS_RATE_LIMIT_ID });

/** The globals the key is hashed with; each may be missing. */
export interface KeyHashGlobals extends RuntimeGlobals {
  readonly process?: RuntimeGlobals['process'] & { readonly getBuiltinModule?: (id: string) => unknown };
  readonly crypto?: { readonly subtle?: { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> } };
}

type NodeCrypto = Pick<typeof import('node:crypto'), 'createHash'>;

const hex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The key at once where the runtime hashes synchronously (node:crypto); `undefined` elsewhere. */
export function rateLimitKeyNow(
  secret: Secret | undefined,
  globals: KeyHashGlobals = globalThis as KeyHashGlobals,
): RateLimitKey | undefined {
  if (!secret) return ANONYMOUS;
  const crypto = globals.process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
  if (typeof crypto?.createHash !== 'function') return undefined;
  return Object.freeze({ id: crypto.createHash('sha256').update(secret.reveal()).digest('hex') });
}

/**
 * The key on any runtime: at once with node:crypto, else from Web Crypto's `crypto.subtle` (a page has it on https
 * and localhost only).
 *
 * @throws Error when the runtime has neither
 */
export async function rateLimitKey(
  secret: Secret | undefined,
  globals: KeyHashGlobals = globalThis as KeyHashGlobals,
): Promise<RateLimitKey> {
  const now = rateLimitKeyNow(secret, globals);
  if (now !== undefined || !secret) return now ?? ANONYMOUS;
  const subtle = globals.crypto?.subtle;
  if (subtle === undefined)
    throw new Error(
      `${runtimeLabel(globals)} has no Web Crypto (crypto.subtle), which a rate limiter needs to name the ` +
        "credential's budget (a page has it only on https or localhost)",
    );
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(secret.reveal()));
  return Object.freeze({ id: hex(new Uint8Array(digest)) });
}
