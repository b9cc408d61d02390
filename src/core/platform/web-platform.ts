// The transport everywhere but Node (the browser, Cloudflare Workers, Deno, Bun): the runtime's own `fetch`, which
// keeps its connections itself. Bun and Deno read `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY` in their `fetch`.
import type { FetchRequestInit, FetchResponse } from '../transport/fetch-types.js';
import type { FetchLike } from '../transport/transport.js';
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
