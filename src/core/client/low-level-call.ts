import type { FetchResponse as Response } from '../transport/fetch-types.js';
import type { RequestOptions } from './client-options.js';
import { checkedCopy } from './request-options.js';

/** The low-level method names. */
export type LowLevelMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The low-level method of each HTTP method (HEAD has none: it goes to `request`). */
const LOW_LEVEL_METHODS: Readonly<Record<string, LowLevelMethod>> = Object.freeze({
  GET: 'get',
  POST: 'post',
  PUT: 'put',
  PATCH: 'patch',
  DELETE: 'delete',
});

/** What the route needs of a client: its overridable methods. */
export type LowLevelClient = Record<LowLevelMethod, (url: string, options?: RequestOptions) => Promise<Response>> & {
  request(method: string, url: string, options?: RequestOptions): Promise<Response>;
  readonly constructor: { readonly name: string };
};

// Every higher-level method reaches the network through the client's own `get`/`post`/.../`request`,
// as both predecessors did, so that a subclass overriding one sees every call; with a copy of the
// options so that an override that edits them never edits the caller's.
export async function sendThroughLowLevel(
  client: LowLevelClient,
  verb: string,
  url: string,
  options: RequestOptions,
): Promise<Response> {
  const name = LOW_LEVEL_METHODS[verb];
  // The undeclared parameters and fields merged first, so that an override sees what is sent.
  const init = checkedCopy(options);
  const response: unknown = name === undefined ? await client.request(verb, url, init) : await client[name](url, init);
  if (typeof response !== 'object' || response === null || typeof (response as Response).text !== 'function') {
    const via = name === undefined ? 'request()' : `${name}()`;
    const got = response === null ? 'null' : typeof response;
    throw new TypeError(
      `${client.constructor.name}.${via} must return the fetch Response it got from the engine (got ${got})`,
    );
  }
  return response as Response;
}
