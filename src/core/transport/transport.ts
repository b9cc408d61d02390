/**
 * The edge where requests leave the process: node-fetch (or an injected `fetch`), one
 * keep-alive agent per client and protocol, proxies, and each attempt's deadline (how it
 * ends an attempt: `attempt-deadline.ts`; how the agents tell it of their requests and
 * connections: `agent-hooks.ts`). One attempt reads the whole body, so a body cut short
 * is a network error of that attempt and can be retried like any other.
 *
 * node-fetch is loaded on the first request that needs it, and the proxy agent on the
 * first request through a proxy, so that importing the library costs neither.
 *
 * @module
 */
import type { Agent, AgentOptions } from 'node:http';
import type { Socket } from 'node:net';
import { buildingFor, hookAgent } from './agent-hooks.js';
import { abortError, Deadline, type EndingMode } from './attempt-deadline.js';
import type { FetchRequestInit, FetchResponse } from './fetch-types.js';
import { InMemoryResponse } from './in-memory-response.js';
import { proxyEnvironment, proxyFor, type ProxyEnv, type ProxySetting } from './proxy.js';

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

/** A response whose body the transport has read into memory. */
export interface BufferedResponse {
  /** The response; its body stream has been consumed: read {@link BufferedResponse.body}. */
  readonly response: FetchResponse;
  /** The whole body. */
  readonly body: Buffer;
}

/** node-fetch 2's response, which can hand its body over as a Buffer without a copy. */
interface NodeFetchResponse extends FetchResponse {
  buffer(): Promise<Buffer>;
}

type ProxyAgentClass = new (proxy: string, options: AgentOptions) => Agent;

let nodeFetch: FetchLike | undefined;
let proxyAgentClass: ProxyAgentClass | undefined;

/** How many idle deadlines a transport keeps for its next attempts. */
const MAX_IDLE_DEADLINES = 16;

/**
 * Whether the proxy variables may name a proxy for a request: a cheap look before the
 * full lookup (which parses the URL for `NO_PROXY`).
 */
function mayProxy(env: ProxyEnv, secure: boolean): boolean {
  return secure
    ? isSet(env.HTTPS_PROXY) || isSet(env.https_proxy) || isSet(env.ALL_PROXY) || isSet(env.all_proxy)
    : isSet(env.HTTP_PROXY) || isSet(env.http_proxy) || isSet(env.ALL_PROXY) || isSet(env.all_proxy);
}

function isSet(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

/**
 * A loader that imports a module once, on first use; after a failure the next call tries
 * again (a later request may find the module).
 */
function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** node-fetch, imported on the first request that uses it. */
const loadNodeFetch = importOnce(() => import('node-fetch').then((module) => (nodeFetch = module.default as unknown as FetchLike)));

/** https-proxy-agent, imported on the first request through a proxy. */
const loadProxyAgent = importOnce(() =>
  import('https-proxy-agent').then((module) => (proxyAgentClass = module.HttpsProxyAgent as unknown as ProxyAgentClass)),
);

/**
 * A fresh, readable response over a buffered body, for callers of the low-level methods
 * (and for errors), who may read it as they would any node-fetch response.
 */
export function readableResponse({ response, body }: BufferedResponse): FetchResponse {
  return new InMemoryResponse(response, body);
}

/** Sends requests for one client; owns that client's agents until {@link Transport.close}. */
export class Transport {
  readonly #fetch: FetchLike | undefined;
  readonly #agent: AgentOption | undefined;
  readonly #proxy: ProxySetting | undefined;
  readonly #env: ProxyEnv;
  #httpAgent: Agent | undefined;
  #httpsAgent: Agent | undefined;
  readonly #proxyAgents = new Map<string, Agent>();
  /** Deadlines waiting for their next attempt. */
  readonly #idle: Deadline[] = [];
  /** Every deadline not disposed of, idle or running: each hears of a connection that closes. */
  readonly #deadlines = new Set<Deadline>();
  readonly #onSocketClose = (socket: Socket): void => {
    for (const deadline of this.#deadlines) deadline.socketClosed(socket);
  };

  /** @param options - fetch, agent and proxy settings */
  constructor(options: TransportOptions = {}) {
    this.#fetch = options.fetch;
    this.#agent = options.agent;
    this.#proxy = options.proxy;
    this.#env = options.env ?? proxyEnvironment(process.env);
  }

  /**
   * The agent a request to `url` goes through: the caller's agent, else a proxy agent,
   * else the client's keep-alive agent. The `proxy` setting is read per request, so that
   * a function's answer may change. A promise only while the proxy agent's module loads,
   * the first time.
   */
  #agentFor(url: string): Agent | undefined | Promise<Agent> {
    if (this.#agent) return typeof this.#agent === 'function' ? this.#agent(new URL(url)) : this.#agent;
    const secure = url.startsWith('https:');
    // Without a proxy option, only a proxy variable that is set costs a URL parse.
    if (this.#proxy !== undefined || mayProxy(this.#env, secure)) {
      const proxy = proxyFor(new URL(url), this.#proxy, this.#env);
      if (proxy) {
        const agent = this.#proxyAgents.get(proxy);
        if (agent) return agent;
        if (!proxyAgentClass) return loadProxyAgent().then(() => this.#agentFor(url) as Agent);
        const created = hookAgent(new proxyAgentClass(proxy, { keepAlive: true }), this.#onSocketClose);
        this.#proxyAgents.set(proxy, created);
        return created;
      }
    }
    // node:http(s) are loaded with the first agent, not when the library is imported.
    if (secure) return (this.#httpsAgent ??= hookAgent(new (process.getBuiltinModule('node:https').Agent)({ keepAlive: true }), this.#onSocketClose));
    return (this.#httpAgent ??= hookAgent(new (process.getBuiltinModule('node:http').Agent)({ keepAlive: true }), this.#onSocketClose));
  }

  /**
   * How an attempt through `agent` is ended early: node-fetch through one of the
   * transport's direct agents by destroying its request (no signal sent); node-fetch
   * through a proxy agent (which may still be connecting to the proxy when the request
   * is destroyed) or the caller's agent by a light signal; any other fetch by a signal.
   */
  #endingMode(own: boolean, agent: Agent | undefined): EndingMode {
    if (!own) return 'signal';
    return agent !== undefined && (agent === this.#httpAgent || agent === this.#httpsAgent) ? 'request' : 'light-signal';
  }

  /**
   * Sends one attempt and reads its whole body. Rejects on any transport failure; a
   * timeout rejects with an error whose `code` is `ETIMEDOUT`, a body cut short with
   * `ECONNRESET`.
   *
   * @param init - the request; its `signal` (the caller's) ends the attempt too
   * @param timeoutSeconds - how long the attempt may take: connection, headers and body together
   * @param attemptStart - when the attempt started, on `attemptClock` (the caller times it
   *   too); when absent, the deadline reads its clock
   * @returns the response (its body already read) and the body
   */
  async send(url: string, init: FetchRequestInit, timeoutSeconds: number, attemptStart?: number): Promise<BufferedResponse> {
    const fetch = this.#fetch ?? nodeFetch ?? (await loadNodeFetch());
    const pending = init.agent === undefined ? this.#agentFor(url) : init.agent;
    const agent = pending instanceof Promise ? await pending : pending;
    const callerSignal = init.signal;
    if (callerSignal?.aborted) throw abortError();
    const own = fetch === nodeFetch;
    const deadline = this.#idle.pop() ?? this.#newDeadline();
    deadline.start(Math.max(1, Math.round(timeoutSeconds * 1000)), this.#endingMode(own, typeof agent === 'function' ? undefined : agent), attemptStart);
    // Made only for a caller's signal: most requests have none.
    const onCallerAbort = callerSignal ? (): void => deadline.abort() : undefined;
    if (callerSignal && onCallerAbort) callerSignal.addEventListener('abort', onCallerAbort, { once: true });
    let reusable = false;
    try {
      // A copy whose three fields are set after it is made: the engine's options already
      // have them (see `outgoingInit`), so the copy keeps their shape; a copy that adds
      // properties costs ten times more.
      const request: FetchRequestInit = { ...init };
      request.agent = agent;
      request.redirect = 'manual';
      request.signal = deadline.signal;
      // The engine's headers are shared between requests: a fetch that may change them gets a copy.
      if (!own && request.headers !== undefined) request.headers = { ...request.headers };
      const response = await buildingFor(deadline, fetch, url, request);
      // node-fetch 2 hands its body over as a Buffer; any other fetch through arrayBuffer().
      let body: Buffer;
      if (own) {
        deadline.responded(response.body as unknown as { destroy(error?: Error): unknown } | null);
        body = await (response as NodeFetchResponse).buffer();
      } else {
        body = Buffer.from(await response.arrayBuffer());
      }
      reusable = true;
      return { response, body };
    } catch (error) {
      throw deadline.failure(error, timeoutSeconds) ?? error;
    } finally {
      if (callerSignal && onCallerAbort) callerSignal.removeEventListener('abort', onCallerAbort);
      deadline.stop();
      if (reusable && this.#idle.length < MAX_IDLE_DEADLINES) this.#idle.push(deadline);
      else this.#dispose(deadline);
    }
  }

  #newDeadline(): Deadline {
    const deadline = new Deadline();
    this.#deadlines.add(deadline);
    return deadline;
  }

  #dispose(deadline: Deadline): void {
    deadline.dispose();
    this.#deadlines.delete(deadline);
  }

  /** Closes every connection this transport opened. Caller-supplied agents are left alone. */
  close(): void {
    this.#httpAgent?.destroy();
    this.#httpsAgent?.destroy();
    for (const agent of this.#proxyAgents.values()) agent.destroy();
    this.#proxyAgents.clear();
    for (const deadline of this.#idle.splice(0)) this.#dispose(deadline);
  }
}
