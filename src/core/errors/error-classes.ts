import { decodeApiError, quoteErrorBody, type ApiErrorBody } from './api-error-body.js';
import type { FetchResponse as Response } from '../platform/fetch-types.js';

/** Base of every error this library throws (the spec's `Error`): `err instanceof PagerDutyError`. */
export class PagerDutyError extends Error {
  /** @param message - what went wrong; never contains a credential */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * What a refusal before any request was about (`error.code`, as Node's errors have one):
 * - `ERR_INVALID_URL`: an empty or malformed URL or path, an id that is not one path segment, a bad base URL;
 * - `ERR_INVALID_ARGUMENT`: other input the method cannot send (an event without its fields, a body on a GET, ...);
 * - `ERR_FOREIGN_URL`: a URL outside the client's base URL (credentials stay home);
 * - `ERR_METHOD_NOT_PERMITTED`: a method the client does not send;
 * - `ERR_NO_CANONICAL_PATH`: a path that matches none of the API's paths;
 * - `ERR_NOT_AN_INDEX`: an iterator on a single resource (`/users/{id}`);
 * - `ERR_NOT_PAGEABLE`: an iterator on an index it cannot page (another style, no list, no wrapper).
 */
export type UrlErrorCode =
  | 'ERR_INVALID_URL'
  | 'ERR_INVALID_ARGUMENT'
  | 'ERR_FOREIGN_URL'
  | 'ERR_METHOD_NOT_PERMITTED'
  | 'ERR_NO_CANONICAL_PATH'
  | 'ERR_NOT_AN_INDEX'
  | 'ERR_NOT_PAGEABLE';

/** The request an error is about: its method (upper case) and URL, when known. */
export interface RequestFacts {
  /** The request method, upper case. */
  readonly method?: string;
  /** The URL: as sent (query included) once there was a request, else as the caller gave it. */
  readonly url?: string;
}

/**
 * Refused before any request: a foreign or malformed URL, bad input, or an index method on a non-index.
 * `code` says which (see {@link UrlErrorCode}).
 *
 * @example
 * ```ts
 * if (err instanceof UrlError && err.code === 'ERR_FOREIGN_URL') console.error(`not under the base URL: ${err.url}`);
 * ```
 */
export class UrlError extends PagerDutyError {
  /** What was refused. */
  readonly code: UrlErrorCode;
  /** The request method, when the refusal concerned one. */
  readonly method: string | undefined;
  /** The URL or path as the caller gave it, when the refusal concerned one. */
  readonly url: string | undefined;

  /**
   * @param message - what was refused, and why
   * @param facts - the code (by default `ERR_INVALID_URL`), method and URL
   */
  constructor(message: string, facts: RequestFacts & { readonly code?: UrlErrorCode } = {}) {
    super(message);
    this.code = facts.code ?? 'ERR_INVALID_URL';
    this.method = facts.method;
    this.url = facts.url;
  }
}

/**
 * The transport failed (connection refused or reset, a body cut short, a timeout) and the network retries
 * ran out. `cause` is the last underlying error.
 */
export class NetworkError extends PagerDutyError {
  /** The system error code of the cause (`ECONNRESET`, `ETIMEDOUT`, ...), else `ERR_NETWORK`. */
  readonly code: string;
  /** The request method. */
  readonly method: string | undefined;
  /** The request URL as sent, query included. */
  readonly url: string | undefined;

  /**
   * @param message - what failed, naming the method and URL
   * @param cause - the underlying transport error
   * @param request - the request's method and URL
   */
  constructor(message: string, cause?: unknown, request: RequestFacts = {}) {
    super(message, { cause });
    this.code = errorCode(cause) ?? 'ERR_NETWORK';
    this.method = request.method;
    this.url = request.url;
  }
}

/**
 * The caller's `AbortSignal` fired: before sending, in flight, or in the pause before a retry (`code`
 * `ABORT_ERR`), or `onRateLimit` chose not to wait (`ERR_RATE_LIMIT_DECLINED`, `cause` the rate limit seen).
 * Otherwise `cause` is the signal's `reason`, an `AbortError` or `TimeoutError` `DOMException` unless the
 * caller gave one.
 */
export class RequestAbortedError extends PagerDutyError {
  /** `ABORT_ERR` (the signal) or `ERR_RATE_LIMIT_DECLINED`. */
  readonly code: 'ABORT_ERR' | 'ERR_RATE_LIMIT_DECLINED';
  /** The request method. */
  readonly method: string | undefined;
  /** The request URL. */
  readonly url: string | undefined;

  /**
   * @param message - what was aborted
   * @param options - the cause, the code (by default `ABORT_ERR`), method and URL
   */
  constructor(
    message: string,
    options: RequestFacts & { readonly cause?: unknown; readonly code?: RequestAbortedError['code'] } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = options.code ?? 'ABORT_ERR';
    this.method = options.method;
    this.url = options.url;
  }
}

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
 * Why a response failed (`error.code`):
 * - `ERR_HTTP_STATUS`: a 4xx or 5xx status (once the retries ran out);
 * - `ERR_UNAUTHORIZED`: 401 (never retried; on a token provider, after one renewal);
 * - `ERR_REDIRECT`: a 3xx (never followed);
 * - `ERR_NOT_JSON`: a success whose body is not JSON (or is empty where an entity was due);
 * - `ERR_MISSING_KEY`: a success without the key the endpoint promises (its entity wrapper, `dedup_key`, ...);
 * - `ERR_UNUSABLE_BODY`: any other success the method cannot use.
 */
export type HttpErrorCode =
  | 'ERR_HTTP_STATUS'
  | 'ERR_UNAUTHORIZED'
  | 'ERR_REDIRECT'
  | 'ERR_NOT_JSON'
  | 'ERR_MISSING_KEY'
  | 'ERR_UNUSABLE_BODY';

/**
 * A response arrived with a status, or a body, that the method could not accept.
 *
 * @example
 * ```ts
 * if (err instanceof HttpError && err.status === 404) return null;
 * if (err instanceof HttpError && err.code === 'ERR_UNAUTHORIZED') console.error('check the key or the region');
 * ```
 */
export class HttpError extends PagerDutyError {
  /** The raw response; its body has been read already (see {@link HttpError.body}). */
  declare readonly response: Response;
  /** Why the response failed. */
  readonly code: HttpErrorCode;
  /** The request method, upper case. */
  readonly method: string | undefined;
  /** The URL the response came from, query included. */
  readonly url: string;
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
   * @param facts - the code (by default what the status says), the method and the URL (by default the response's)
   */
  constructor(
    message: string,
    response: Response,
    body: string,
    facts: RequestFacts & { readonly code?: HttpErrorCode } = {},
  ) {
    super(message);
    // Non-enumerable: logging an error object should not dump a whole response.
    Object.defineProperty(this, 'response', { value: response, enumerable: false });
    this.status = response.status;
    this.code = facts.code ?? httpErrorCode(response.status);
    this.method = facts.method;
    this.url = facts.url ?? response.url;
    this.requestId = response.headers.get('x-request-id');
    this.body = body;
    this.apiError = decodeApiError(body);
  }
}

/** The code a status gives by itself (the engine names a 401's `ERR_UNAUTHORIZED` where it refuses one). */
export function httpErrorCode(status: number): HttpErrorCode {
  if (status >= 300 && status < 400) return 'ERR_REDIRECT';
  return status >= 200 && status < 300 ? 'ERR_UNUSABLE_BODY' : 'ERR_HTTP_STATUS';
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

/** The errors a request can end in: what an {@link ErrorFactory} is handed. */
export type RequestError = UrlError | NetworkError | RequestAbortedError | HttpError;

/**
 * Turns the core's error for a failed or refused request into the error thrown: the legacy layer gives one
 * that throws (and words) the predecessor's classes. The core error is handed over whole, already redacted.
 */
export type ErrorFactory = (error: RequestError) => Error;

// A 2xx the client cannot use and a 3xx (never followed) are the server's fault, as a 5xx is.
export function isServerFailure(status: number): boolean {
  return status < 400 || status >= 500;
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
