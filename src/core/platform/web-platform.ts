// The runtime's side everywhere but Node (the browser, Cloudflare Workers, Deno, Bun): the runtime's own `fetch`,
// which keeps its connections itself (Bun and Deno read `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY` in their `fetch`), and
// hashing with node:crypto where the runtime has it, else with @noble/hashes.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { FetchRequestInit, FetchResponse } from './fetch-types.js';
import type { FetchLike } from './fetch-types.js';
import { nodeHashing, type Hashing, type NodeCrypto } from './hashing.js';
import type { Connections, ConnectionOptions } from './platform.js';
import { runtimeLabel, type RuntimeGlobals } from './runtime.js';

type PlatformFetch = (url: string, init: Omit<FetchRequestInit, 'agent'>) => Promise<FetchResponse>;

/** The global `fetch`, read at every request (a page or a test may install one after importing the library). */
export async function loadDefaultFetch(): Promise<FetchLike> {
  return (url, init) => {
    const fetch = (globalThis as { fetch?: PlatformFetch }).fetch;
    if (typeof fetch !== 'function')
      throw new TypeError(`${runtimeLabel(globalThis as RuntimeGlobals)} has no global fetch: pass the fetch option`);
    // An agent is node-fetch's; node-fetch's `compress` and `size` are ignored by every fetch.
    const { agent: _agent, ...rest } = init;
    return fetch.call(globalThis, url, rest);
  };
}

const NO_AGENTS: Connections = Object.freeze({ agentFor: () => undefined, close: () => undefined });

/** @throws Error for `agent` or `proxy`: node-fetch's agents, which only Node has */
export function openConnections(options: ConnectionOptions): Connections {
  for (const name of ['agent', 'proxy'] as const) {
    if (options[name] !== undefined)
      throw new Error(
        `the ${name} option needs Node's agents, and ${runtimeLabel(globalThis as RuntimeGlobals)} sends ` +
          `through its own fetch${name === 'proxy' ? ' (Bun and Deno read HTTPS_PROXY themselves)' : ''}`,
      );
  }
  return NO_AGENTS;
}

// Hashing without node:crypto (a browser, a worker without nodejs_compat): @noble/hashes, audited, synchronous and
// without dependencies. Only this module (the web platform) imports it, so that Node never loads @noble/hashes.

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

/** The globals {@link hashing} looks at; `process` is missing outside Node, Bun and Deno. */
export interface CryptoGlobals {
  readonly process?: { readonly getBuiltinModule?: (id: string) => unknown };
}

// node:crypto is native and about 17 times faster on a 256 KiB body, so Bun and Deno (and Workers with
// nodejs_compat) keep it; it is asked for at run time, never imported, so that a bundler is not asked to resolve it.
export function hashing(globals: CryptoGlobals = globalThis as CryptoGlobals): Hashing {
  const crypto = globals.process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
  return typeof crypto?.createHmac === 'function' ? nodeHashing(() => crypto) : portableHashing;
}
