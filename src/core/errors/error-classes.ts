/**
 * The error tree of the core clients. Every error the library throws is a
 * {@link PagerDutyError}; HTTP failures carry the response, its status, the
 * `x-request-id` to quote to support, and the body as received.
 *
 * @module
 */
import { decodeApiError, quoteErrorBody, type ApiErrorBody } from './api-error-body.js';
import type { FetchResponse as Response } from '../transport/fetch-types.js';
import type { FailureFacts } from './failure-facts.js';

/**
 * Base of every error thrown by this library (the spec's `Error`).
 *
 * @example
 * ```ts
 * try {
 *   await client.rget('/users/PABC123');
 * } catch (err) {
 *   if (err instanceof PagerDutyError) console.error(err.message);
 * }
 * ```
 */
export class PagerDutyError extends Error {
  /** @param message - what went wrong; never contains a credential */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * Validation failed before any request was made: a foreign or malformed URL, bad input,
 * or a generic iterator used on an endpoint it cannot page through.
 */
export class UrlError extends PagerDutyError {}

/**
 * The transport failed (connection refused or reset, a body cut short, a timeout) and
 * the network retries ran out. `cause` is the last underlying error.
 */
export class NetworkError extends PagerDutyError {
  /** The system error code of the cause (`ECONNRESET`, `ETIMEDOUT`, ...), when it had one. */
  readonly code: string | undefined;

  /**
   * @param message - what failed, naming the method and URL
   * @param cause - the underlying transport error
   */
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.code = errorCode(cause);
  }
}

/**
 * The request was abandoned because the caller's `AbortSignal` fired: before it was sent,
 * while it was in flight, or during the pause before a retry. `cause` is the signal's
 * `reason` (an `AbortError` or `TimeoutError` `DOMException` unless the caller gave one).
 *
 * @example
 * ```ts
 * try {
 *   await client.get('/users', { signal: AbortSignal.timeout(2000) });
 * } catch (err) {
 *   if (err instanceof RequestAbortedError) console.error('gave up:', err.cause);
 * }
 * ```
 */
export class RequestAbortedError extends PagerDutyError {}

/**
 * A response arrived with a status that the method could not accept.
 *
 * @example
 * ```ts
 * try {
 *   await client.jget('/incidents/PNOPE');
 * } catch (err) {
 *   if (err instanceof HttpError && err.status === 404) return null;
 *   throw err;
 * }
 * ```
 */
export class HttpError extends PagerDutyError {
  /** The raw response; its body has been read already (see {@link HttpError.body}). */
  declare readonly response: Response;
  /** The HTTP status code. */
  readonly status: number;
  /** The `x-request-id` response header, to quote to PagerDuty support; `null` when absent. */
  readonly requestId: string | null;
  /** The response body as text, exactly as received. */
  readonly body: string;
  /** The API's own explanation (code, message, each of its `errors`) decoded from the body; `undefined` when the body has none. */
  readonly apiError: ApiErrorBody | undefined;

  /**
   * @param message - the full message (as `httpErrorMessage` builds it)
   * @param response - the response that failed
   * @param body - the response body as text
   */
  constructor(message: string, response: Response, body: string) {
    super(message);
    // Non-enumerable: logging an error object should not dump a whole response.
    Object.defineProperty(this, 'response', { value: response, enumerable: false });
    this.status = response.status;
    this.requestId = response.headers.get('x-request-id');
    this.body = body;
    this.apiError = decodeApiError(body);
  }
}

/**
 * The API answered in a way the client cannot use: a 5xx status, a redirect (never
 * followed), a body that is not JSON, or a body without its expected wrapper.
 */
export class HttpServerError extends HttpError {}

/** One item of an ambiguous search: its `id` (`null` when it has none) and the value it matched with. */
export interface AmbiguousMatch {
  /** The item's `id`. */
  readonly id: string | null;
  /** The item's value of the attribute searched, as text. */
  readonly value: string;
}

/** What an {@link AmbiguousMatchError} is about. */
export interface AmbiguousMatchParts {
  /** The index searched (`'/users'`). */
  readonly url: string;
  /** The attribute compared (`'email'`). */
  readonly attribute: string;
  /** The value searched for. */
  readonly value: string;
  /** Whether case counted (`find`'s `exact`). */
  readonly exact: boolean;
  /** The matches found before reading stopped: two or more. */
  readonly matches: readonly AmbiguousMatch[];
}

/**
 * `find` with `unique: true` found more than one matching item. The message and
 * {@link AmbiguousMatchError.matches} name each match by its `id` and matched value only
 * (never the rest of the item: an integration's key, for one, stays out of logs). The
 * matches are those of the pages read: reading stops at the page holding the second one.
 *
 * @example
 * ```ts
 * try {
 *   await client.find('/services', 'Checkout', { unique: true });
 * } catch (err) {
 *   if (err instanceof AmbiguousMatchError) console.error(err.matches.map((m) => m.id));
 * }
 * ```
 */
export class AmbiguousMatchError extends PagerDutyError {
  /** The index searched. */
  readonly url: string;
  /** The attribute compared. */
  readonly attribute: string;
  /** The value searched for. */
  readonly value: string;
  /** The matches found, in the order the API listed them. */
  readonly matches: readonly AmbiguousMatch[];

  /** @param parts - the search and its matches (see {@link AmbiguousMatchParts}) */
  constructor(parts: AmbiguousMatchParts) {
    super(ambiguousMatchMessage(parts));
    this.url = parts.url;
    this.attribute = parts.attribute;
    this.value = parts.value;
    this.matches = Object.freeze(parts.matches.map((match) => Object.freeze({ ...match })));
  }
}

// `find /users: 2 items have email "ann@example.com" (ignoring case), expected one: P1 (email "Ann@example.com"), P2 (...)`
function ambiguousMatchMessage(parts: AmbiguousMatchParts): string {
  const { url, attribute, value, exact, matches } = parts;
  const listed = matches
    .map((match) => `${match.id ?? '(no id)'} (${attribute} ${JSON.stringify(match.value)})`)
    .join(', ');
  const comparison = exact ? 'exactly' : '(ignoring case)';
  return `find ${url}: ${matches.length} items have ${attribute} ${JSON.stringify(value)} ${comparison}, expected one: ${listed}`;
}

/**
 * Which error of the tree a failure should become. `method` is a request by a method the
 * client does not permit (a `UrlError` in the core; the legacy sessions raise it as
 * pdpyras did, which differs from its other refused input).
 */
export type ErrorKind = 'url' | 'method' | 'network' | 'abort' | 'http' | 'http-server';

/** Everything an {@link ErrorFactory} needs to build one error. */
export interface ErrorSpec {
  /** Which kind of failure this is. */
  kind: ErrorKind;
  /** The message, already redacted. */
  message: string;
  /** The response, for `http` and `http-server` kinds. */
  response?: Response;
  /** The response body as text, for `http` and `http-server` kinds. */
  body?: string;
  /** The underlying error, for the `network` kind; the abort reason for `abort`. */
  cause?: unknown;
  /**
   * Why it failed and what the engine knew (method, URL, status, what the client was
   * doing), for a factory that words its errors its own way; the core's factory ignores it.
   */
  facts?: FailureFacts;
}

/**
 * Builds the error thrown for a failure. The core uses {@link coreErrorFactory}; the
 * legacy layer supplies its own so that the same engine throws the predecessor's classes.
 */
export type ErrorFactory = (spec: ErrorSpec) => Error;

/** The default {@link ErrorFactory}: the core error tree. */
export const coreErrorFactory: ErrorFactory = (spec) => {
  switch (spec.kind) {
    case 'url':
    case 'method':
      return new UrlError(spec.message);
    case 'network':
      return new NetworkError(spec.message, spec.cause);
    case 'abort':
      return new RequestAbortedError(spec.message, { cause: spec.cause });
    case 'http':
      return new HttpError(spec.message, requireResponse(spec), spec.body ?? '');
    case 'http-server':
      return new HttpServerError(spec.message, requireResponse(spec), spec.body ?? '');
  }
};

function requireResponse(spec: ErrorSpec): Response {
  if (!spec.response) throw new TypeError(`an error of kind ${spec.kind} needs a response`);
  return spec.response;
}

/**
 * The error kind for a non-success status: `http-server` for 5xx and 3xx (the client
 * never follows redirects, so one is always unexpected), `http` otherwise.
 */
export function errorKindForStatus(status: number): 'http' | 'http-server' {
  return status >= 500 || (status >= 300 && status < 400) ? 'http-server' : 'http';
}

/**
 * The message of an HTTP error:
 * `GET https://host/users/PABC: API responded with client error (status 404): Not Found`.
 *
 * @param method - the request method
 * @param url - the full request URL (it never holds a credential)
 * @param status - the response status
 * @param body - the response body; the API's explanation in it, or the body, is quoted (see `quoteErrorBody`)
 * @param detail - an explanation that replaces the generic one
 */
export function httpErrorMessage(method: string, url: string, status: number, body: string, detail?: string): string {
  const kind =
    status >= 500
      ? 'server error'
      : status >= 400
        ? 'client error'
        : status >= 300
          ? 'redirect'
          : 'unexpected response';
  const what = detail ?? `API responded with ${kind}`;
  const quote = quoteErrorBody(body, status, detail);
  return `${method.toUpperCase()} ${url}: ${what} (status ${status})${quote ? `: ${quote}` : ''}`;
}

function errorCode(cause: unknown): string | undefined {
  if (typeof cause === 'object' && cause !== null) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const inner = (cause as { cause?: unknown }).cause;
    if (inner !== undefined && inner !== cause) return errorCode(inner);
  }
  return undefined;
}
