// One attempt reads the whole body, so a body cut short is a network error of that attempt, retried like any other.
// The runtime's side (node-fetch and its agents on Node, the platform's fetch elsewhere) comes from the platform
// module, which the build turns into the package's `#platform` import, chosen by export condition.
import type { Agent, ClientRequest, IncomingMessage } from 'node:http';
import { loadDefaultFetch, openConnections } from '../platform/node-platform.js';
import type { Connections } from '../platform/platform.js';
import type { AgentOption, FetchLike, FetchRequestInit, FetchResponse } from '../platform/fetch-types.js';
import { InMemoryResponse } from '../platform/in-memory-response.js';
import { DEFAULT_MAX_RESPONSE_BYTES, readBoundedBody } from './bounded-body.js';
import { ResponseTooLargeError } from '../errors/error-classes.js';
import type { ProxyEnv, ProxySetting } from '../platform/proxy.js';

export type { AgentOption, FetchLike } from '../platform/fetch-types.js';

/** How the transport is set up. */
export interface TransportOptions {
  /** The fetch implementation. @default node-fetch on Node, the global `fetch` elsewhere */
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

/** How one attempt reads its answer. */
export interface SendOptions {
  /** Hand the body back live instead of reading it. @default false */
  readonly stream?: boolean;
  /** The bound on the body read into memory, in bytes. @default 64 MiB */
  readonly maxBytes?: number;
}

type Ending = 'timeout' | 'cut-short' | 'caller';

/** What node-fetch's own abort rejects with: only its name matters. */
function abortError(): Error {
  return Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
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

/** The error of an attempt that failed: said as the attempt's own ending (its timeout, its body cut short). */
function endedAs(ending: Ending | undefined, error: unknown, timeoutSeconds: number): unknown {
  if (ending === 'cut-short')
    return Object.assign(new Error('the connection closed before the whole response body arrived', { cause: error }), {
      code: 'ECONNRESET',
    });
  if (ending === 'timeout')
    return Object.assign(new Error(`no complete response within ${timeoutSeconds} s`, { cause: error }), {
      code: 'ETIMEDOUT',
    });
  return error;
}

/** Not in Node's types. */
type RequestTaker = { addRequest(request: ClientRequest, options: unknown): void };

/**
 * node-fetch 2 would wait until the timeout for the rest of a body whose connection closed early; this view of
 * the agent watches the request and calls `onCutShort` at once instead. It needs nothing of Node at run time: only
 * a Node agent (never on the web platform) ever reaches it.
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

/** Sends requests for one client; owns that client's agents until {@link Transport.close}. */
export class Transport {
  readonly #fetch: FetchLike | undefined;
  readonly #connections: Connections;
  // Only the agents the client opened are watched for a body cut short: a caller's agent is handed on as given.
  readonly #ownAgents: boolean;
  #defaultFetch: FetchLike | undefined;

  /**
   * @param options - fetch, agent and proxy settings
   * @throws TypeError for a malformed `proxy` URL on Node; Error for `agent` or `proxy` where the runtime has no Node
   *   agents
   */
  constructor(options: TransportOptions = {}) {
    this.#fetch = options.fetch;
    this.#connections = openConnections(options);
    this.#ownAgents = options.agent === undefined;
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
   * @param options - `stream` to hand the body back live, `maxBytes` to bound the body read
   * @returns the response, its body read into memory (or live, with `stream`)
   * @throws ResponseTooLargeError for a body over `maxBytes`, the request aborted
   */
  async send(
    url: string,
    init: FetchRequestInit,
    timeoutSeconds: number,
    options: SendOptions = {},
  ): Promise<FetchResponse> {
    const { stream = false, maxBytes = DEFAULT_MAX_RESPONSE_BYTES } = options;
    const fetch = this.#fetch ?? this.#defaultFetch ?? (this.#defaultFetch = await loadDefaultFetch());
    // Ends the attempt: its timeout, the caller's signal, or its body cut short.
    const controller = new AbortController();
    let ending: Ending | undefined;
    const end = (why: Ending): void => {
      ending ??= why;
      controller.abort(abortError());
    };
    let agent: AgentOption | undefined = init.agent;
    if (agent === undefined) {
      const picked = this.#connections.agentFor(url);
      const given = picked instanceof Promise ? await picked : picked;
      agent = given !== undefined && this.#ownAgents ? watchedAgent(given, () => end('cut-short')) : given;
    }
    const callerSignal = init.signal ?? undefined;
    if (callerSignal?.aborted) throw abortError();
    const timer = setTimeout(() => end('timeout'), Math.max(1, Math.round(timeoutSeconds * 1000)));
    const onCallerAbort = (): void => end('caller');
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    let live = false;
    try {
      const request: FetchRequestInit = {
        ...init,
        headers: init.headers && { ...init.headers },
        agent,
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
      const body = await readBoundedBody(response, { maxBytes, method: init.method ?? 'GET', url });
      return new InMemoryResponse(response, body);
    } catch (error) {
      // Past the bound: the request is aborted so that its socket closes rather than drain the rest.
      if (error instanceof ResponseTooLargeError) {
        end('caller');
        throw error;
      }
      throw endedAs(ending, error, timeoutSeconds);
    } finally {
      clearTimeout(timer);
      // A live body keeps listening to the caller's signal until it ends.
      if (!live) callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** Closes every connection this transport opened. Caller-supplied agents are left alone. */
  close(): void {
    this.#connections.close();
  }
}
