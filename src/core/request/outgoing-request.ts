/**
 * What a request is sent with: its headers and body worked out from its options and the
 * client's parts (pure; the engine's `ApiClient` calls it for every request).
 *
 * @module
 * @internal
 */
import type { FetchRequestInit } from '../transport/fetch-types.js';
import { withFormAuth, withJsonBodyAuth, type AuthMethod } from '../auth/auth-methods.js';
import { NO_REQUEST_OPTIONS, type HeaderMap, type HttpMethod, type PassThroughInit, type RequestOptions } from '../api-client-options.js';
import { mergeHeaders, type MergedHeadersMemo } from './headers.js';

/** The client's side of a request. */
export interface ClientRequestParts {
  /** The headers every request of the client starts from (User-Agent, Accept, ...). */
  readonly defaultHeaders: HeaderMap;
  /** The client's `headers` setting, as it is now. */
  readonly clientHeaders: HeaderMap;
  /** The `Authorization` header of the auth method, if it sends one. */
  readonly authorization: string | undefined;
  /** The auth method, for those that put the credential into a JSON body or a form. */
  readonly auth: AuthMethod;
  /** The client's pass-through fetch options, applied to every request (`undefined`: none). */
  readonly passThrough: PassThroughInit | undefined;
  /** The client's memo of its last merged headers; without it, headers are merged afresh. */
  readonly headerMemo?: MergedHeadersMemo;
}

/** The request options the engine reads itself; any other is a fetch option sent on. */
const ENGINE_OPTIONS = new Set(['headers', 'json', 'form', 'body', 'params', 'timeout', 'signal']);

/** Whether an options object holds a fetch option beyond the engine's own (`compress`, `redirect`, ...). */
function hasFetchOptions(options: object): boolean {
  for (const key in options) if (!ENGINE_OPTIONS.has(key) && Object.hasOwn(options, key)) return true;
  return false;
}

/**
 * The fetch options of a request. Headers, from first to last (a later one wins, whatever
 * its case): the client's defaults, the body's `Content-Type`, the client's `headers`, the
 * request's `headers`, then `Authorization`, so that nothing overrides the credential.
 * `json` is sent as JSON, `form` URL-encoded (each with the credential where the auth
 * method puts it), else `body` as it is. The caller's options are not changed.
 *
 * @example
 * ```ts
 * outgoingInit('POST', { json: { a: 1 } }, parts).headers; // { ..., 'Content-Type': 'application/json', Authorization: '...' }
 * ```
 */
export function outgoingInit(verb: HttpMethod, options: RequestOptions, parts: ClientRequestParts): FetchRequestInit {
  const { headers, json, form, body } = options;
  const sources = [
    parts.defaultHeaders,
    json !== undefined ? JSON_CONTENT_TYPE : undefined,
    form !== undefined ? FORM_CONTENT_TYPE : undefined,
    parts.clientHeaders,
    headers,
    parts.authorization === undefined ? undefined : { Authorization: parts.authorization },
  ];
  // The memo's headers are shared between requests (and frozen): the transport hands any
  // fetch but node-fetch, which only reads them, a copy of its own.
  const sendHeaders = parts.headerMemo ? (parts.headerMemo.merge(sources) as Record<string, string>) : mergeHeaders(sources);
  const sendBody =
    json !== undefined
      ? JSON.stringify(withJsonBodyAuth(parts.auth, json))
      : form !== undefined
        ? new URLSearchParams(withFormAuth(parts.auth, form)).toString()
        : body;
  // Every request's options have this one shape, agent and redirect included, so that the
  // transport's copy of them (which sets those two and the signal) adds no property: a copy
  // that adds properties costs more than the rest of the request's preparation.
  const init: FetchRequestInit = { method: verb, headers: sendHeaders, body: sendBody, signal: options.signal, agent: undefined, redirect: undefined };
  if ((parts.passThrough !== undefined && hasFetchOptions(parts.passThrough)) || (options !== NO_REQUEST_OPTIONS && hasFetchOptions(options))) {
    // The client's fetch options, then the request's, which win; never in place of the
    // method, headers and body worked out above.
    const { headers: _headers, json: _json, form: _form, body: _body, params: _params, timeout: _timeout, ...own } = options;
    Object.assign(init, parts.passThrough, own, { method: verb, headers: sendHeaders, body: sendBody });
  }
  return init;
}

const JSON_CONTENT_TYPE = Object.freeze({ 'Content-Type': 'application/json' });
const FORM_CONTENT_TYPE = Object.freeze({ 'Content-Type': 'application/x-www-form-urlencoded' });
