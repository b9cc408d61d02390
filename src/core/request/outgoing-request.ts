// What one request is (its options, as every client's methods take them) and what is sent for it.
import type { FetchRequestInit, FetchRequestInit as RequestInit } from '../platform/fetch-types.js';
import { withFormAuth, withJsonBodyAuth, type AuthMethod } from '../auth/auth-methods.js';
import type { QueryParams } from './query.js';

/** The HTTP methods the engine knows. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/**
 * How a request may be retried: `'idempotent'` (the default) as the retry settings say;
 * `'at-most-once'` only when the request provably did not arrive: after `ECONNREFUSED` or
 * `EAI_AGAIN`, or a status the server did not act on (a 429; a 503 with `Retry-After`; see
 * `STATUS_RULES`), within the retry settings. A host name
 * that does not resolve (`ENOTFOUND`) is retried in neither mode by default.
 */
export type RetryMode = 'idempotent' | 'at-most-once';

/** Request headers; a value of `undefined` removes a default header. */
export type HeaderMap = Readonly<Record<string, string | undefined>>;

/**
 * node-fetch options that may be applied to every request of a client. An interface, not
 * a type alias, so that the options interfaces extending it appear in the docs' hierarchy.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- it only names the picked options
export interface PassThroughInit extends Partial<Pick<RequestInit, 'compress' | 'size'>> {}

/** Options of one request: node-fetch's `RequestInit` plus `json`, `form` and `params`. */
export interface RequestOptions extends Omit<RequestInit, 'headers' | 'method'> {
  /** Headers of this request only. */
  headers?: HeaderMap;
  /** A value to send as the JSON body. */
  json?: unknown;
  /** Fields to send as an `application/x-www-form-urlencoded` body. */
  form?: Readonly<Record<string, string>>;
  /** Query parameters (lists are sent as repeated keys, unchanged). */
  params?: QueryParams;
  /**
   * Query parameters the API's description does not declare, sent as `params` are (merged
   * with them). Not checked against the endpoint's types, so a typed call keeps its result
   * type and the checks on everything else. A name in both `params` and `extraParams`
   * (`statuses` and `statuses[]` count as one) is a `TypeError` before any request.
   */
  extraParams?: QueryParams;
  /**
   * JSON body fields the API's description does not declare, merged into the body: into
   * the entity (inside its wrapper) by the r-methods, at the top of `json` otherwise. The
   * body must be an object or absent; a field in both is a `TypeError` before any request.
   */
  extraFields?: Readonly<Record<string, unknown>>;
  /**
   * Seconds each attempt of this request may take, replacing the client's `timeout` for
   * it (a positive finite number). Use `signal` (`AbortSignal.timeout(ms)`) to bound the
   * whole request, pauses between retries included. With `stream`, it covers the
   * connection and the headers only.
   */
  timeout?: number;
  /**
   * Return as soon as the headers are in, with the body live (not read into memory): the
   * caller must read it to the end or destroy it. For replies that stream (server-sent
   * events). @default false
   */
  stream?: boolean;
  /**
   * `'at-most-once'` for a request that acts and must not act twice: it is retried only
   * when it provably did not reach the server (connection refused, host not found) or
   * after a 429 or a 503 with `Retry-After`; never after a timeout or a reset.
   * @default 'idempotent' (retried as the client's retry settings say)
   */
  retryMode?: RetryMode;
}

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
