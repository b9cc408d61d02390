// The runtime's side on Node: node-fetch, keep-alive agents and proxies for the transport, node:crypto for hashing.
// The package resolves `#platform` to this module under the `node` export condition only (scripts/bundle.mjs,
// package.json `imports`); every other runtime gets ./web-platform.ts, so that no bundler for a browser or a worker
// ever sees node-fetch or `node:http`, and Node never loads @noble/hashes. node-fetch, the proxy agent and
// node:crypto load on first use, so that importing the library costs none of them.
import type { Agent, AgentOptions } from 'node:http';
import type { FetchLike } from './fetch-types.js';
import { namesProxy, normalizeProxyUrl, proxyEnvironment, proxyFor, type ProxyEnv } from './proxy.js';
import { nodeHashing, type Hashing } from './hashing.js';
import type { Connections, ConnectionOptions } from './platform.js';

/** Shared by every client; after a failure the next call tries again. */
function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** node-fetch, loaded on the first request. */
export const loadDefaultFetch = importOnce(async () => (await import('node-fetch')).default as unknown as FetchLike);

type ProxyAgentClass = new (proxy: string, options: AgentOptions) => Agent;

// The built package bundles this CommonJS module, whose exports are then its default export only.
const loadProxyAgent = importOnce(async () => {
  const loaded = (await import('https-proxy-agent')) as {
    HttpsProxyAgent?: unknown;
    default?: { HttpsProxyAgent?: unknown };
  };
  return (loaded.HttpsProxyAgent ?? loaded.default?.HttpsProxyAgent) as ProxyAgentClass;
});

/** A client's keep-alive agents (one per scheme, one per proxy), or the caller's agent. */
class NodeConnections implements Connections {
  readonly #options: ConnectionOptions;
  readonly #env: ProxyEnv;
  readonly #mayProxy: boolean;
  #httpAgent: Agent | undefined;
  #httpsAgent: Agent | undefined;
  readonly #proxyAgents = new Map<string, Agent>();

  /** @throws TypeError for a malformed proxy URL: a configuration error now, not a network error at each request */
  constructor(options: ConnectionOptions) {
    const { proxy } = options;
    // Checked here, not by the client: a page's bundle (the web platform, which refuses any proxy) carries none of it.
    const checked =
      typeof proxy === 'string' && proxy.trim() !== '' ? normalizeProxyUrl(proxy, 'the proxy option') : proxy;
    this.#options = checked === proxy ? options : { ...options, proxy: checked };
    this.#env = options.env ?? proxyEnvironment(process.env);
    // The snapshot never changes: when it names no proxy, no request needs its URL parsed to look for one.
    this.#mayProxy = options.proxy !== undefined || options.env !== undefined || namesProxy(this.#env);
  }

  // Per request (a proxy function's answer may change); a promise only while the proxy agent loads.
  agentFor(url: string): Agent | undefined | Promise<Agent> {
    const { agent } = this.#options;
    if (agent) return typeof agent === 'function' ? agent(new URL(url)) : agent;
    const proxy = this.#mayProxy ? proxyFor(new URL(url), this.#options.proxy, this.#env) : undefined;
    if (proxy) {
      const proxyAgent = this.#proxyAgents.get(proxy);
      return proxyAgent ?? this.#newProxyAgent(proxy);
    }
    // node:http(s) are loaded with the first agent, not when the library is imported.
    return url.startsWith('https:')
      ? (this.#httpsAgent ??= new (process.getBuiltinModule('node:https').Agent)({ keepAlive: true }))
      : (this.#httpAgent ??= new (process.getBuiltinModule('node:http').Agent)({ keepAlive: true }));
  }

  async #newProxyAgent(proxy: string): Promise<Agent> {
    const ProxyAgent = await loadProxyAgent();
    let agent = this.#proxyAgents.get(proxy);
    if (!agent) {
      agent = new ProxyAgent(proxy, { keepAlive: true });
      this.#proxyAgents.set(proxy, agent);
    }
    return agent;
  }

  close(): void {
    this.#httpAgent?.destroy();
    this.#httpsAgent?.destroy();
    for (const agent of this.#proxyAgents.values()) agent.destroy();
    this.#proxyAgents.clear();
  }
}

/** The agents of one client: `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY` are read now, from `process.env`. */
export function openConnections(options: ConnectionOptions): Connections {
  return new NodeConnections(options);
}

const NODE_HASHING = nodeHashing(() => process.getBuiltinModule('node:crypto'));

/** node:crypto's SHA-256, HMAC-SHA256 and `timingSafeEqual`. */
export function hashing(): Hashing {
  return NODE_HASHING;
}
