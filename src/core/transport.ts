/**
 * The edge where requests leave the process: node-fetch (or an injected `fetch`), one
 * keep-alive agent per client and protocol, proxies, and the per-attempt timeout. One
 * attempt reads the whole body, so a body cut short is a network error of that attempt
 * and can be retried like any other.
 *
 * @module
 */
import http from 'node:http';
import https from 'node:https';
import nodeFetch, { Response } from 'node-fetch';
import type { RequestInit } from 'node-fetch';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { proxyFor, type ProxyEnv, type ProxySetting } from './proxy.js';

/**
 * The transport seam: anything with node-fetch's signature. Inject one to record, mock or
 * reroute requests.
 */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** An agent, or a function that picks one per request URL (as node-fetch accepts). */
export type AgentOption = http.Agent | ((url: URL) => http.Agent | undefined);

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

/** One attempt to send. */
export interface AttemptInit extends RequestInit {
  /** Seconds before the attempt is aborted (connect, headers and body together). */
  timeoutSeconds: number;
}

/** A response whose body the transport has read into memory. */
export interface BufferedResponse {
  /** The response; its body stream has been consumed: read {@link BufferedResponse.body}. */
  readonly response: Response;
  /** The whole body. */
  readonly body: Buffer;
}

/**
 * A fresh, readable Response with a buffered body, for callers of the low-level methods
 * (and for errors), who may read it as they would any node-fetch response.
 */
export function readableResponse({ response, body }: BufferedResponse): Response {
  return new Response(body.length > 0 ? body : null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    url: response.url,
  } as ConstructorParameters<typeof Response>[1]);
}

/** Sends requests for one client; owns that client's agents until {@link Transport.close}. */
export class Transport {
  readonly #fetch: FetchLike;
  readonly #agent: AgentOption | undefined;
  readonly #proxy: ProxySetting | undefined;
  readonly #env: ProxyEnv;
  readonly #httpAgent = new http.Agent({ keepAlive: true });
  readonly #httpsAgent = new https.Agent({ keepAlive: true });
  readonly #proxyAgents = new Map<string, http.Agent>();

  /** @param options - fetch, agent and proxy settings */
  constructor(options: TransportOptions = {}) {
    this.#fetch = options.fetch ?? (nodeFetch as FetchLike);
    this.#agent = options.agent;
    this.#proxy = options.proxy;
    this.#env = options.env ?? process.env;
  }

  /** The agent a request to `url` goes through (read per request, so proxy changes apply). */
  agentFor(url: URL): http.Agent | undefined {
    if (this.#agent) return typeof this.#agent === 'function' ? this.#agent(url) : this.#agent;
    const proxy = proxyFor(url, this.#proxy, this.#env);
    if (proxy) {
      let agent = this.#proxyAgents.get(proxy);
      if (!agent) {
        agent = new HttpsProxyAgent(proxy, { keepAlive: true });
        this.#proxyAgents.set(proxy, agent);
      }
      return agent;
    }
    return url.protocol === 'https:' ? this.#httpsAgent : this.#httpAgent;
  }

  /**
   * Sends one attempt and reads its whole body. Rejects on any transport failure; a
   * timeout rejects with an error whose `code` is `ETIMEDOUT`.
   *
   * @returns the response (its body already read) and the body
   */
  async send(url: string, init: AttemptInit): Promise<BufferedResponse> {
    const { timeoutSeconds, signal: callerSignal, ...rest } = init;
    // A plain timer, cleared as soon as the body is in: AbortSignal.timeout would leave a
    // timer pending for the whole timeout after every request.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, Math.max(1, Math.round(timeoutSeconds * 1000)));
    const signal = callerSignal ? AbortSignal.any([callerSignal as AbortSignal, controller.signal]) : controller.signal;
    try {
      const response = await this.#fetch(url, {
        agent: (parsed: URL) => this.agentFor(parsed),
        ...rest,
        redirect: 'manual',
        signal: signal as RequestInit['signal'],
      });
      return { response, body: Buffer.from(await response.arrayBuffer()) };
    } catch (error) {
      if (!timedOut) throw error;
      throw Object.assign(new Error(`no complete response within ${timeoutSeconds} s`, { cause: error }), {
        code: 'ETIMEDOUT',
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes every connection this transport opened. Caller-supplied agents are left alone. */
  close(): void {
    this.#httpAgent.destroy();
    this.#httpsAgent.destroy();
    for (const agent of this.#proxyAgents.values()) agent.destroy();
    this.#proxyAgents.clear();
  }
}
