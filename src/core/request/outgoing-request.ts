/**
 * What a request is sent with: its headers and body worked out from its options and the
 * client's parts (pure; the engine's `ApiClient` calls it for every request).
 *
 * @module
 * @internal
 */
import type { FetchRequestInit } from '../transport/fetch-types.js';
import { withFormAuth, withJsonBodyAuth, type AuthMethod } from '../auth/auth-methods.js';
import {
  type HeaderMap,
  type HttpMethod,
  type PassThroughInit,
  type RequestOptions,
} from '../client/client-options.js';
import { mergeHeaders } from './headers.js';

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
  /** The client's pass-through fetch options, applied to every request. */
  readonly passThrough: PassThroughInit | undefined;
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
  const sendHeaders = mergeHeaders([
    parts.defaultHeaders,
    json !== undefined ? JSON_CONTENT_TYPE : undefined,
    form !== undefined ? FORM_CONTENT_TYPE : undefined,
    parts.clientHeaders,
    headers,
    parts.authorization === undefined ? undefined : { Authorization: parts.authorization },
  ]);
  const sendBody =
    json !== undefined
      ? JSON.stringify(withJsonBodyAuth(parts.auth, json))
      : form !== undefined
        ? new URLSearchParams(withFormAuth(parts.auth, form)).toString()
        : body;
  // The client's fetch options, then the request's, which win; never in place of the
  // method, headers and body worked out above.
  const {
    headers: _headers,
    json: _json,
    form: _form,
    body: _body,
    params: _params,
    timeout: _timeout,
    stream: _stream,
    retryMode: _retryMode,
    ...fetchOptions
  } = options;
  return { ...parts.passThrough, ...fetchOptions, method: verb, headers: sendHeaders, body: sendBody };
}

const JSON_CONTENT_TYPE = Object.freeze({ 'Content-Type': 'application/json' });
const FORM_CONTENT_TYPE = Object.freeze({ 'Content-Type': 'application/x-www-form-urlencoded' });
