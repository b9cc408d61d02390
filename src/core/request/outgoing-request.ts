import type { FetchRequestInit } from '../transport/fetch-types.js';
import { withFormAuth, withJsonBodyAuth, type AuthMethod } from '../auth/auth-methods.js';
import {
  type HeaderMap,
  type HttpMethod,
  type PassThroughInit,
  type RequestOptions,
} from '../client/client-options.js';

export interface ClientRequestParts {
  readonly defaultHeaders: HeaderMap;
  /** The headers the operation declares (the early-access header): the client's and the request's win. */
  readonly declaredHeaders?: HeaderMap;
  readonly clientHeaders: HeaderMap;
  readonly authorization: string | undefined;
  /** The auth method, for those that put the credential into a JSON body or a form. */
  readonly auth: AuthMethod;
  readonly passThrough: PassThroughInit | undefined;
}

/**
 * Headers, first to last (a later one wins, whatever its case): the client's defaults, the body's
 * `Content-Type`, the operation's declared headers, the client's `headers`, the request's, then `Authorization`:
 * nothing overrides the credential.
 */
export function outgoingInit(verb: HttpMethod, options: RequestOptions, parts: ClientRequestParts): FetchRequestInit {
  const { headers, json, form, body } = options;
  const sendHeaders = mergeHeaders([
    parts.defaultHeaders,
    json !== undefined ? JSON_CONTENT_TYPE : undefined,
    form !== undefined ? FORM_CONTENT_TYPE : undefined,
    parts.declaredHeaders,
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
  // The request's fetch options win over the client's, never over the method, headers and body worked out above.
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

/** The last value of a name wins and keeps its spelling; `undefined` removes it. The engine passes auth last. */
export function mergeHeaders(sources: ReadonlyArray<HeaderMap | undefined>): Record<string, string> {
  // By lower-case name; a later value moves the header to the end, as a fresh one would be.
  const byName = new Map<string, [name: string, value: string]>();
  for (const source of sources) {
    for (const [name, value] of Object.entries(source ?? {})) {
      const lower = name.toLowerCase();
      byName.delete(lower);
      if (value !== undefined) byName.set(lower, [name, value]);
    }
  }
  const merged: Record<string, string> = {};
  for (const [name, value] of byName.values()) {
    // A header named `__proto__` is defined: assigned, it would set the object's prototype.
    if (name === '__proto__')
      Object.defineProperty(merged, name, { value, enumerable: true, writable: true, configurable: true });
    else merged[name] = value;
  }
  return merged;
}
