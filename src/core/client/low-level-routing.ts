/**
 * The extension point both predecessors had: every higher-level method reaches the
 * network through the client's own low-level methods (`get`, `post`, `put`, `patch`,
 * `delete`, each calling `request`), so a subclass that overrides one of them (to back a
 * record up before a PUT, to log, to count) sees every call. When none is overridden the
 * call goes straight to the engine, which reads the body once.
 *
 * @module
 */
import type { FetchResponse as Response } from '../transport/fetch-types.js';
import type { RequestOptions } from '../api-client-options.js';

/** The low-level method names. */
export type LowLevelMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The low-level method of each HTTP method (HEAD has none: it goes to `request`). */
export const LOW_LEVEL_METHODS: Readonly<Record<string, LowLevelMethod>> = Object.freeze({
  GET: 'get',
  POST: 'post',
  PUT: 'put',
  PATCH: 'patch',
  DELETE: 'delete',
});

/** A response with its body read as text. */
export interface TextExchange {
  /** The response; its body has been read. */
  readonly response: Response;
  /** The body, decoded as UTF-8. */
  readonly text: string;
}

/** What routing needs of a client (an `ApiClient`, or its prototype for the unmodified methods). */
export interface RoutableClient {
  request(method: string, url: string, options?: RequestOptions): Promise<Response>;
  get(url: string, options?: RequestOptions): Promise<Response>;
  post(url: string, options?: RequestOptions): Promise<Response>;
  put(url: string, options?: RequestOptions): Promise<Response>;
  patch(url: string, options?: RequestOptions): Promise<Response>;
  delete(url: string, options?: RequestOptions): Promise<Response>;
}

/**
 * Whether a request by `verb` may skip the low-level methods: neither `request` nor the
 * verb's own method differs from the engine's.
 *
 * @param engine - the class whose methods are the engine's own (`ApiClient.prototype`)
 */
export function usesEngineMethods(client: RoutableClient, engine: RoutableClient, verb: string): boolean {
  const name = LOW_LEVEL_METHODS[verb];
  return client.request === engine.request && (name === undefined || client[name] === engine[name]);
}

/**
 * Sends through the client's low-level method for `verb` and reads the body.
 *
 * @returns the response and its text, whatever the status (the caller checks it)
 * @throws TypeError when the method does not return a Response
 */
export async function sendThroughLowLevel(
  client: RoutableClient & { readonly constructor: { readonly name: string } },
  verb: string,
  url: string,
  options: RequestOptions,
): Promise<TextExchange> {
  const name = LOW_LEVEL_METHODS[verb];
  // A copy, so that an override that edits its options never edits the caller's.
  const init = { ...options };
  const response: unknown = name === undefined ? await client.request(verb, url, init) : await client[name](url, init);
  if (typeof response !== 'object' || response === null || typeof (response as Response).text !== 'function') {
    const via = name === undefined ? 'request()' : `${name}()`;
    const got = response === null ? 'null' : typeof response;
    throw new TypeError(`${client.constructor.name}.${via} must return the fetch Response it got from the engine (got ${got})`);
  }
  const sent = response as Response;
  return { response: sent, text: await sent.text() };
}
