// One attempt reads the whole body, so a body cut short is a network error of that attempt, retried like any other.
// node-fetch and the proxy agent load on first use, so that importing the library costs neither; the build bundles
// both into chunks of their own, so that a consumer's ES module bundle keeps them working (scripts/bundle.mjs).
import type { Agent, AgentOptions, ClientRequest, IncomingMessage } from 'node:http';
import type { FetchRequestInit, FetchResponse } from './fetch-types.js';
import { InMemoryResponse } from './in-memory-response.js';
import { namesProxy, proxyEnvironment, proxyFor, type ProxyEnv, type ProxySetting } from './proxy.js';

/**
 * The transport seam: anything with node-fetch's signature. Inject one to record, mock or
 * reroute requests.
 */
export type FetchLike = (url: string, init: FetchRequestInit) => Promise<FetchResponse>;

/** An agent, or a function that picks one per request URL. */
export type AgentOption = Agent | ((url: URL) => Agent | undefined);

/** How the transport is set up. */
export interface TransportOptions {
  /** The fetch implementation. @default node-fetch */
  fetch?: FetchLike;
  /** A caller's agent; replaces the keep-alive agents and any proxy. */
  agent?: AgentOption;
  /** The proxy; when absent, `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY` from `env`. */
  proxy?: ProxySetting;
  /**
   * Where proxy variables are read (at every request). @default the proxy variables of
   * `process.env` as they are when the transport is made
   */
  env?: ProxyEnv;
}

/** node-fetch 2's response, which can hand its body over as a Buffer without a copy. */
interface NodeFetchResponse extends FetchResponse {
  buffer(): Promise<Buffer>;
}

type ProxyAgentClass = new (proxy: string, options: AgentOptions) => Agent;

type Ending = 'timeout' | 'cut-short' | 'caller';

type ChosenAgent = { agent: Agent | undefined; own: boolean };

/** Shared by every client; after a failure the next call tries again. */
function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

const loadNodeFetch = importOnce(async () => (await import('node-fetch')).default as unknown as FetchLike);

// The built package bundles this CommonJS module, whose exports are then its default export only.
const loadProxyAgent = importOnce(async () => {
  const loaded = (await import('https-proxy-agent')) as {
    HttpsProxyAgent?: unknown;
    default?: { HttpsProxyAgent?: unknown };
  };
  return (loaded.HttpsProxyAgent ?? loaded.default?.HttpsProxyAgent) as ProxyAgentClass;
});

/** What node-fetch's own abort rejects with: only its name matters. */
function abortError(): Error {
  return Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
}

/** Not in Node's types. */
type RequestTaker = { addRequest(request: ClientRequest, options: unknown): void };

/**
 * node-fetch 2 would wait until the timeout for the rest of a body whose connection closed early; this view of
 * the agent watches the request and calls `onCutShort` at once instead.
 */
function watchedAgent(agent: Agent, onCutShort: () => void): Agent {
  const view = Object.create(agent) as Agent & RequestTaker;
  view.addRequest = (request, options) => {
    request.once('response', (response: IncomingMessage) => {
      response.once('close', () => {
        if (!response.complete) onCutShort();
      });
    });
    (agent as unknown as RequestTaker).addRequest(request, options);
  };
  return view;
}

/** At once, as complete, when there is no Node stream to watch. */
function whenBodyEnds(response: FetchResponse, done: (complete: boolean) => void): void {
  const body = response.body as
    | (NodeJS.ReadableStream & { once?: (event: string, listener: () => void) => unknown })
    | null;
  if (body === null || typeof body.once !== 'function') {
    done(true);
    return;
  }
  let complete = false;
  body.once('end', () => (complete = true));
  body.once('close', () => done(complete));
}

/** Sends requests for one client; owns that client's agents until {@link Transport.close}. */
export class Transport {
  readonly #fetch: FetchLike | undefined;
  readonly #agent: AgentOption | undefined;
  readonly #proxy: ProxySetting | undefined;
  readonly #env: ProxyEnv;
  readonly #mayProxy: boolean;
  #nodeFetch: FetchLike | undefined;
  #httpAgent: Agent | undefined;
  #httpsAgent: Agent | undefined;
  readonly #proxyAgents = new Map<string, Agent>();

  /** @param options - fetch, agent and proxy settings */
  constructor(options: TransportOptions = {}) {
    this.#fetch = options.fetch;
    this.#agent = options.agent;
    this.#proxy = options.proxy;
    this.#env = options.env ?? proxyEnvironment(process.env);
    // The snapshot never changes: when it names no proxy, no request needs its URL parsed to look for one.
    this.#mayProxy = options.proxy !== undefined || options.env !== undefined || namesProxy(this.#env);
  }

  // Per request (a proxy function's answer may change); a promise only while the proxy agent loads.
  #agentFor(url: string): ChosenAgent | Promise<ChosenAgent> {
    if (this.#agent)
      return { agent: typeof this.#agent === 'function' ? this.#agent(new URL(url)) : this.#agent, own: false };
    const proxy = this.#mayProxy ? proxyFor(new URL(url), this.#proxy, this.#env) : undefined;
    if (proxy) {
      const agent = this.#proxyAgents.get(proxy);
      return agent ? { agent, own: true } : this.#newProxyAgent(proxy);
    }
    // node:http(s) are loaded with the first agent, not when the library is imported.
    if (url.startsWith('https:'))
      return {
        agent: (this.#httpsAgent ??= new (process.getBuiltinModule('node:https').Agent)({ keepAlive: true })),
        own: true,
      };
    return {
      agent: (this.#httpAgent ??= new (process.getBuiltinModule('node:http').Agent)({ keepAlive: true })),
      own: true,
    };
  }

  async #newProxyAgent(proxy: string): Promise<ChosenAgent> {
    const ProxyAgent = await loadProxyAgent();
    let agent = this.#proxyAgents.get(proxy);
    if (!agent) {
      agent = new ProxyAgent(proxy, { keepAlive: true });
      this.#proxyAgents.set(proxy, agent);
    }
    return { agent, own: true };
  }

  /**
   * Sends one attempt and reads its whole body. Rejects on any transport failure; a
   * timeout rejects with an error whose `code` is `ETIMEDOUT`, a body cut short with
   * `ECONNRESET`, the caller's signal with an `AbortError`.
   *
   * With `stream`, resolves once the headers are in and hands the body back live: the
   * timeout then covers the connection and the headers only, the caller's signal still
   * ends the body, and the caller must read the body to its end or destroy it.
   *
   * @param init - the request; its `signal` (the caller's) ends the attempt too
   * @param timeoutSeconds - how long the attempt may take: connection, headers and body together
   * @param stream - hand the body back live instead of reading it
   * @returns the response, its body read into memory (or live, with `stream`)
   */
  async send(url: string, init: FetchRequestInit, timeoutSeconds: number, stream = false): Promise<FetchResponse> {
    const fetch = this.#fetch ?? this.#nodeFetch ?? (this.#nodeFetch = await loadNodeFetch());
    const picked = init.agent === undefined ? this.#agentFor(url) : { agent: init.agent, own: false };
    const chosen = picked instanceof Promise ? await picked : picked;
    const callerSignal = init.signal ?? undefined;
    if (callerSignal?.aborted) throw abortError();
    // Ends the attempt: its timeout, the caller's signal, or its body cut short.
    const controller = new AbortController();
    let ending: Ending | undefined;
    const end = (why: Ending): void => {
      ending ??= why;
      controller.abort(abortError());
    };
    const timer = setTimeout(() => end('timeout'), Math.max(1, Math.round(timeoutSeconds * 1000)));
    const onCallerAbort = (): void => end('caller');
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    let live = false;
    try {
      const { agent, own } = chosen;
      const sendAgent =
        own && agent !== undefined && typeof agent !== 'function' ? watchedAgent(agent, () => end('cut-short')) : agent;
      const request: FetchRequestInit = {
        ...init,
        headers: init.headers && { ...init.headers },
        agent: sendAgent,
        redirect: 'manual',
        signal: controller.signal,
      };
      const response = await fetch(url, request);
      if (stream) {
        live = true;
        clearTimeout(timer);
        // A body destroyed before its end aborts the request, so that its connection closes too.
        whenBodyEnds(response, (complete) => {
          callerSignal?.removeEventListener('abort', onCallerAbort);
          if (!complete) end('caller');
        });
        return response;
      }
      // node-fetch 2 hands its body over as a Buffer; any other fetch through arrayBuffer().
      const reader = response as Partial<NodeFetchResponse>;
      const body =
        typeof reader.buffer === 'function' ? await reader.buffer() : Buffer.from(await response.arrayBuffer());
      return new InMemoryResponse(response, body);
    } catch (error) {
      if (ending === 'cut-short') {
        throw Object.assign(
          new Error('the connection closed before the whole response body arrived', { cause: error }),
          { code: 'ECONNRESET' },
        );
      }
      if (ending === 'timeout')
        throw Object.assign(new Error(`no complete response within ${timeoutSeconds} s`, { cause: error }), {
          code: 'ETIMEDOUT',
        });
      throw error;
    } finally {
      clearTimeout(timer);
      // A live body keeps listening to the caller's signal until it ends.
      if (!live) callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** Closes every connection this transport opened. Caller-supplied agents are left alone. */
  close(): void {
    this.#httpAgent?.destroy();
    this.#httpsAgent?.destroy();
    for (const agent of this.#proxyAgents.values()) agent.destroy();
    this.#proxyAgents.clear();
  }
}
