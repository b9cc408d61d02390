import { decodeApiError, quoteErrorBody, type ApiErrorBody } from './api-error-body.js';
import type { FetchResponse as Response } from '../platform/fetch-types.js';
import type { FailureFacts } from './failure-details.js';

/** Base of every error this library throws (the spec's `Error`): `err instanceof PagerDutyError`. */
export class PagerDutyError extends Error {
  /** @param message - what went wrong; never contains a credential */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Refused before any request: a foreign or malformed URL, bad input, or an index method on a non-index. */
export class UrlError extends PagerDutyError {}

/**
 * The transport failed (connection refused or reset, a body cut short, a timeout) and the network retries
 * ran out. `cause` is the last underlying error.
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
 * The caller's `AbortSignal` fired: before sending, in flight, or in the pause before a retry. `cause` is the
 * signal's `reason`, an `AbortError` or `TimeoutError` `DOMException` unless the caller gave one.
 */
export class RequestAbortedError extends PagerDutyError {}

/**
 * A response body passed the client's `maxResponseBytes` (or declared more in `Content-Length`): reading
 * stopped there and the request was aborted, freeing its connection. Not retried: the same answer would
 * come again.
 *
 * @example
 * ```ts
 * if (err instanceof ResponseTooLargeError) console.error(`over ${err.limit} bytes: ${err.url}`);
 * ```
 */
export class ResponseTooLargeError extends PagerDutyError {
  /** Always `ERR_RESPONSE_TOO_LARGE`. */
  readonly code = 'ERR_RESPONSE_TOO_LARGE';
  /** The limit passed, in bytes. */
  readonly limit: number;
  /** The request URL. */
  readonly url: string;

  /**
   * @param message - what failed, naming the method, URL and limit
   * @param parts - the limit and the URL
   */
  constructor(message: string, parts: { readonly limit: number; readonly url: string }) {
    super(message);
    this.limit = parts.limit;
    this.url = parts.url;
  }
}

/**
 * A paginated listing went round in a circle: the server handed back a cursor of a page already read
 * (A, B, A, ...). The listing stops there, after the items of the pages read, rather than request forever.
 */
export class PaginationCycleError extends PagerDutyError {
  /** Always `ERR_PAGINATION_CYCLE`. */
  readonly code = 'ERR_PAGINATION_CYCLE';
  /** The cursor sent before. */
  readonly cursor: string;

  /**
   * @param endpoint - what was listed (`GET /incidents`)
   * @param cursor - the cursor repeated
   * @param pages - how many pages had been read
   */
  constructor(endpoint: string, cursor: string, pages: number) {
    super(
      `${endpoint}: the server handed back cursor ${JSON.stringify(cursor)} of a page already read ` +
        `(after ${pages} pages); stopping, as the listing would never end`,
    );
    this.cursor = cursor;
  }
}

/**
 * A response arrived with a status that the method could not accept.
 *
 * @example
 * ```ts
 * if (err instanceof HttpError && err.status === 404) return null;
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
  /** The API's own explanation decoded from the body (code, message, `errors`); `undefined` when it has none. */
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

/** An answer the client cannot use: a 5xx, a redirect (never followed), a non-JSON body or a missing wrapper. */
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
 * `find` with `unique: true` found more than one match. The message and {@link AmbiguousMatchError.matches}
 * name each by its `id` and matched value only (never the rest: an integration's key stays out of logs),
 * from the pages read: reading stops at the page holding the second match.
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

// `find /users: 2 items have email "ann@example.com" (ignoring case), expected one: P1 (email "Ann@example.com"), ...`
function ambiguousMatchMessage(parts: AmbiguousMatchParts): string {
  const { url, attribute, value, exact, matches } = parts;
  const listed = matches
    .map((match) => `${match.id ?? '(no id)'} (${attribute} ${JSON.stringify(match.value)})`)
    .join(', ');
  const comparison = exact ? 'exactly' : '(ignoring case)';
  const found = `${matches.length} items have ${attribute} ${JSON.stringify(value)} ${comparison}`;
  return `find ${url}: ${found}, expected one: ${listed}`;
}

/**
 * Which error of the tree a failure becomes. `method`: a method the client does not permit (a `UrlError` in
 * the core; the legacy sessions raise it as pdpyras did, unlike their other refused input).
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
  /** What the engine knew (method, URL, status, operation), for a factory that words errors its own way. */
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

// 3xx too: the client never follows redirects, so one is always unexpected.
export function errorKindForStatus(status: number): 'http' | 'http-server' {
  return status >= 500 || (status >= 300 && status < 400) ? 'http-server' : 'http';
}

/** `GET https://host/users/PABC: API responded with client error (status 404): <what the API said, bounded>` */
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
