/**
 * The edge where requests leave the process: node-fetch (or an injected `fetch`), one
 * keep-alive agent per client and protocol, proxies, and the per-attempt timeout. One
 * attempt reads the whole body, so a body cut short is a network error of that attempt
 * and can be retried like any other.
 *
 * node-fetch is loaded on the first request that needs it, and the proxy agent on the
 * first request through a proxy, so that importing the library costs neither.
 *
 * @module
 */
import type { Agent, AgentOptions, ClientRequest, IncomingMessage } from 'node:http';
import type { FetchRequestInit, FetchResponse } from './fetch-types.js';
import { InMemoryResponse } from './in-memory-response.js';
import { proxyFor, type ProxyEnv, type ProxySetting } from './proxy.js';

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
  /** Where proxy variables are read. @default process.env */
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
 * The abort signal node-fetch 2 is given: node-fetch accepts any object whose class is
 * named `AbortSignal` (so that polyfills work) and only adds and removes one `abort`
 * listener. Node's own signal is an `EventTarget`, whose construction and listeners cost
 * more than the rest of the engine's work on a request; this one costs nothing.
 */
const LightAbortSignal = class AbortSignal {
  aborted = false;
  reason: unknown = undefined;
  onabort: null = null;
  #listener: (() => void) | undefined;

  addEventListener(type: string, listener: () => void): void {
    if (type === 'abort') this.#listener = listener;
  }

  removeEventListener(type: string, listener: () => void): void {
    if (type === 'abort' && this.#listener === listener) this.#listener = undefined;
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listener = this.#listener;
    this.#listener = undefined;
    listener?.();
  }
};

/** What an attempt's deadline aborts: a light signal for node-fetch 2, a real one for any other fetch. */
interface Aborter {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

function lightAborter(): Aborter {
  const signal = new LightAbortSignal();
  return { signal: signal as unknown as AbortSignal, abort: (reason) => signal.abort(reason) };
}

/**
 * The timeout of one attempt: a timer and the signal it aborts. The deadline is used
 * again by later attempts, and so is its timer, which is not moved for each attempt: an
 * attempt only notes when it is due, and the timer, when it fires before that, sets
 * itself again for the time left (it fires about once per timeout period while requests
 * keep coming, not once per request). A node-fetch 2 signal that never fired is kept
 * too (node-fetch removes its listener once the body is read).
 *
 * With node-fetch, the timer never keeps the process alive: a request in flight holds
 * its socket (or its DNS lookup), which does. With any other fetch the timer holds the
 * process during an attempt, as that fetch may hold nothing.
 */
class Deadline {
  #aborter: Aborter = lightAborter();
  #light = true;
  #timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires (`performance.now()` time), `Infinity` when none is armed. */
  #firesAt = Number.POSITIVE_INFINITY;
  /** When the current attempt is due. */
  #due = 0;
  #active = false;
  #attempt = 0;
  /** Whether the timer fired during the current attempt. */
  timedOut = false;
  /** Whether the connection closed before the whole body of the current attempt arrived. */
  cutShort = false;

  /** The signal the attempt is sent with. */
  get signal(): AbortSignal {
    return this.#aborter.signal;
  }

  /** Arms the deadline for an attempt of `ms` milliseconds; `light`: the fetch is node-fetch 2. */
  start(ms: number, light: boolean): void {
    if (!light) this.#aborter = new AbortController();
    else if (!this.#light || this.#aborter.signal.aborted) this.#aborter = lightAborter();
    this.#light = light;
    this.#active = true;
    this.#attempt += 1;
    this.timedOut = false;
    this.cutShort = false;
    this.#due = performance.now() + ms;
    // A timer already armed to fire no later than the new due time is left alone.
    if (this.#firesAt > this.#due) this.#arm(ms);
    if (!light) this.#timer?.ref();
  }

  /**
   * Watches the request of the current attempt: node-fetch 2 does not notice a body cut
   * short (a connection closed before `Content-Length` bytes came), and would wait for
   * the timeout; this ends the attempt at once instead, as a network error.
   */
  watch(request: ClientRequest): void {
    // One listener, on the request: it closes (once) when its response ends or its
    // connection does, and a response that is there but not complete was cut short. The
    // listener is one function for all requests (no closure per request): the request
    // carries its deadline and attempt.
    (request as WatchedRequest)[WATCH] = { deadline: this, attempt: this.#attempt };
    request.on('close', onWatchedClose);
  }

  /** The request of `attempt` closed with its response incomplete: end the attempt, if it still runs. */
  closedShort(attempt: number): void {
    if (!this.#active || this.#attempt !== attempt) return;
    this.cutShort = true;
    this.#aborter.abort();
  }

  /** Ends the attempt now (the caller's signal fired). */
  abort(): void {
    this.#aborter.abort();
  }

  /** The attempt is over: the timer may fire later but no longer aborts anything. */
  stop(): void {
    this.#active = false;
    if (!this.#light) this.#timer?.unref();
  }

  /** Clears the timer for good. */
  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#firesAt = Number.POSITIVE_INFINITY;
  }

  #arm(ms: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#firesAt = performance.now() + ms;
    this.#timer = setTimeout(() => this.#fire(), ms);
    this.#timer.unref();
  }

  #fire(): void {
    this.#firesAt = Number.POSITIVE_INFINITY;
    if (!this.#active) return;
    // Armed for an earlier attempt: wait out what is left of this one's time.
    const left = this.#due - performance.now();
    if (left >= 1) {
      this.#arm(Math.ceil(left));
      if (!this.#light) this.#timer?.ref();
      return;
    }
    this.timedOut = true;
    this.#aborter.abort();
  }
}

/**
 * Whether the environment may name a proxy for a request: a cheap look at the variables
 * before the full lookup (which parses the URL for `NO_PROXY`).
 */
function mayProxy(env: ProxyEnv, secure: boolean): boolean {
  return secure
    ? isSet(env.HTTPS_PROXY) || isSet(env.https_proxy) || isSet(env.ALL_PROXY) || isSet(env.all_proxy)
    : isSet(env.HTTP_PROXY) || isSet(env.http_proxy) || isSet(env.ALL_PROXY) || isSet(env.all_proxy);
}

function isSet(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

const WATCH = Symbol('pagerduty-client deadline');

/** A request an attempt watches, with the deadline and attempt it belongs to. */
type WatchedRequest = ClientRequest & { res?: IncomingMessage | null; [WATCH]?: { deadline: Deadline; attempt: number } };

function onWatchedClose(this: WatchedRequest): void {
  const watched = this[WATCH];
  const response = this.res;
  if (!watched || !response || response.complete) return;
  watched.deadline.closedShort(watched.attempt);
}

/** The attempt whose fetch call is building its request right now (see {@link watchRequests}). */
let building: Deadline | undefined;

/**
 * Lets the attempts see the requests that go through one of the transport's own agents:
 * the agent receives each request while the fetch call that builds it is still running,
 * so the request belongs to the attempt in {@link building}.
 */
function watchRequests<A extends Agent>(agent: A): A {
  const target = agent as unknown as { addRequest: (request: ClientRequest, options: unknown) => void };
  const addRequest = target.addRequest;
  target.addRequest = function (this: unknown, request, options) {
    building?.watch(request);
    addRequest.call(this, request, options);
  };
  return agent;
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
  readonly #deadlines: Deadline[] = [];

  /** @param options - fetch, agent and proxy settings */
  constructor(options: TransportOptions = {}) {
    this.#fetch = options.fetch;
    this.#agent = options.agent;
    this.#proxy = options.proxy;
    this.#env = options.env ?? process.env;
  }

  /**
   * The agent a request to `url` goes through, read per request so that proxy changes
   * apply: the caller's agent, else a proxy agent, else the client's keep-alive agent.
   * A promise only while the proxy agent's module loads, the first time.
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
        const created = watchRequests(new proxyAgentClass(proxy, { keepAlive: true }));
        this.#proxyAgents.set(proxy, created);
        return created;
      }
    }
    // node:http(s) are loaded with the first agent, not when the library is imported.
    if (secure) return (this.#httpsAgent ??= watchRequests(new (process.getBuiltinModule('node:https').Agent)({ keepAlive: true })));
    return (this.#httpAgent ??= watchRequests(new (process.getBuiltinModule('node:http').Agent)({ keepAlive: true })));
  }

  /**
   * Sends one attempt and reads its whole body. Rejects on any transport failure; a
   * timeout rejects with an error whose `code` is `ETIMEDOUT`.
   *
   * @param init - the request; its `signal` (the caller's) ends the attempt too
   * @param timeoutSeconds - how long the attempt may take: connection, headers and body together
   * @returns the response (its body already read) and the body
   */
  async send(url: string, init: FetchRequestInit, timeoutSeconds: number): Promise<BufferedResponse> {
    const fetch = this.#fetch ?? nodeFetch ?? (await loadNodeFetch());
    const pending = init.agent === undefined ? this.#agentFor(url) : init.agent;
    const agent = pending instanceof Promise ? await pending : pending;
    const own = fetch === nodeFetch;
    const deadline = this.#deadlines.pop() ?? new Deadline();
    deadline.start(Math.max(1, Math.round(timeoutSeconds * 1000)), own);
    const callerSignal = init.signal;
    // Made only for a caller's signal: most requests have none.
    const onCallerAbort = callerSignal ? (): void => deadline.abort() : undefined;
    if (callerSignal && onCallerAbort) {
      if (callerSignal.aborted) deadline.abort();
      else callerSignal.addEventListener('abort', onCallerAbort, { once: true });
    }
    let reusable = false;
    try {
      // Object.assign, not a spread: a spread followed by new keys is ten times slower here.
      const request: FetchRequestInit = Object.assign({}, init, { agent, redirect: 'manual' as const, signal: deadline.signal });
      building = deadline;
      let sent: Promise<FetchResponse>;
      try {
        sent = fetch(url, request);
      } finally {
        building = undefined;
      }
      const response = await sent;
      // node-fetch 2 hands its body over as a Buffer; any other fetch through arrayBuffer().
      const body = own ? await (response as NodeFetchResponse).buffer() : Buffer.from(await response.arrayBuffer());
      reusable = true;
      return { response, body };
    } catch (error) {
      if (deadline.cutShort) {
        throw Object.assign(new Error('the connection closed before the whole response body arrived', { cause: error }), {
          code: 'ECONNRESET',
        });
      }
      if (!deadline.timedOut) throw error;
      throw Object.assign(new Error(`no complete response within ${timeoutSeconds} s`, { cause: error }), {
        code: 'ETIMEDOUT',
      });
    } finally {
      if (callerSignal && onCallerAbort) callerSignal.removeEventListener('abort', onCallerAbort);
      deadline.stop();
      if (reusable && this.#deadlines.length < MAX_IDLE_DEADLINES) this.#deadlines.push(deadline);
      else deadline.dispose();
    }
  }

  /** Closes every connection this transport opened. Caller-supplied agents are left alone. */
  close(): void {
    this.#httpAgent?.destroy();
    this.#httpsAgent?.destroy();
    for (const agent of this.#proxyAgents.values()) agent.destroy();
    this.#proxyAgents.clear();
    for (const deadline of this.#deadlines.splice(0)) deadline.dispose();
  }
}
