/**
 * The facts the legacy wording reads, worked out at the legacy layer's edge: from the
 * core's error (its code, method, URL, status), the session's own settings (its key,
 * network retries, methods, base URL, tables) and what the session's method knew when it
 * called the core (its name, the URL it was given, the paging style).
 *
 * @module
 */
import {
  HttpError,
  NetworkError,
  UrlError,
  type HttpErrorCode,
  type RequestError,
  type UrlErrorCode,
} from '../core/errors/error-classes.js';

/**
 * What the session was doing: a page of an index (`limit`/`offset`, cursor, or the one
 * request of an index that does not page), or sending an alert or change event.
 */
export type ClientOperation = 'classic-pages' | 'cursor-pages' | 'whole-list' | 'alert-event' | 'change-event';

/**
 * Why a request failed or was refused, as the wording rules name it: `status` (4xx/5xx once
 * the retries ran out), `redirect`, `unauthorized` (401), `not-json`, `missing-key`,
 * `unusable-body`, `network`, `method-not-permitted`, `foreign-url`, `no-canonical-path`,
 * `not-an-index` (an iterator on a single resource).
 */
export type FailureReason =
  | 'status'
  | 'redirect'
  | 'unauthorized'
  | 'not-json'
  | 'missing-key'
  | 'unusable-body'
  | 'network'
  | 'method-not-permitted'
  | 'foreign-url'
  | 'no-canonical-path'
  | 'not-an-index';

/** What a session's method adds when the core's error passes it on the way out. */
export interface CallSite {
  /** What the method was doing. */
  readonly operation?: ClientOperation;
  /** The public method (`'listAll'`, `'iterCursor'`, `'find'`, ...). */
  readonly caller?: string;
  /** The URL or path as the caller gave it to that method. */
  readonly requestedUrl?: string;
  /** The URL before the `params` option was appended (the network failure's URL). */
  readonly urlBeforeParams?: string;
  /** The key the body lacked (a page's list, `dedup_key`). */
  readonly expected?: string;
}

/** The session's own settings, read when an error is worded. */
export interface SessionFacts {
  /** The credential, redacted to `*` and its last four characters; `''` without one. */
  readonly redactedSecret: string;
  /** How many network retries the session allows. */
  readonly maxNetworkAttempts: number;
  /** The methods the session sends. */
  readonly permittedMethods: readonly string[];
  /** The session's base URL. */
  readonly url: string;
  /** The text with the session's key redacted. */
  scrub(text: string): string;
  /** REST sessions: the canonical path of a URL, `undefined` when none matches. */
  canonicalPathOf?(url: string): string | undefined;
  /** REST sessions: the key a response of `method` to `url` is unwrapped from, `undefined` for none. */
  responseWrapperOf?(method: string, url: string): string | undefined;
}

/** The facts of one failure, as the wording's templates read them. */
export interface LegacyFailure extends Omit<CallSite, 'expected'> {
  readonly reason: FailureReason;
  readonly method?: string;
  /** The request URL as sent, query included. */
  readonly url?: string;
  readonly status?: number;
  readonly expected?: string;
  /** The credential, redacted. */
  readonly redactedKey?: string;
  /** The network retries allowed. */
  readonly retryLimit?: number;
  readonly permitted?: readonly string[];
  readonly baseUrl?: string;
  /** The canonical path the URL matched (`not-an-index`). */
  readonly canonicalPath?: string;
}

const URL_REASONS: Readonly<Partial<Record<UrlErrorCode, FailureReason>>> = Object.freeze({
  ERR_FOREIGN_URL: 'foreign-url',
  ERR_METHOD_NOT_PERMITTED: 'method-not-permitted',
  ERR_NO_CANONICAL_PATH: 'no-canonical-path',
  ERR_NOT_AN_INDEX: 'not-an-index',
});

const HTTP_REASONS: Readonly<Record<HttpErrorCode, FailureReason>> = Object.freeze({
  ERR_HTTP_STATUS: 'status',
  ERR_UNAUTHORIZED: 'unauthorized',
  ERR_REDIRECT: 'redirect',
  ERR_NOT_JSON: 'not-json',
  ERR_MISSING_KEY: 'missing-key',
  ERR_UNUSABLE_BODY: 'unusable-body',
});

/** The wording's reason for a core error; `undefined` for one no release worded (an abort, other bad input). */
export function failureReason(error: RequestError): FailureReason | undefined {
  if (error instanceof NetworkError) return 'network';
  if (error instanceof HttpError) return HTTP_REASONS[error.code];
  if (error instanceof UrlError) return URL_REASONS[error.code];
  return undefined;
}

/**
 * The facts of a core error, with the session's settings and the call site's; `undefined`
 * when no release worded such a failure.
 *
 * @example
 * ```ts
 * failureOf(new UrlError('...', { code: 'ERR_FOREIGN_URL', url: 'https://x.test/users' }), session);
 * // { reason: 'foreign-url', requestedUrl: 'https://x.test/users', baseUrl: session.url, ... }
 * ```
 */
export function failureOf(error: RequestError, session?: SessionFacts, site: CallSite = {}): LegacyFailure | undefined {
  const reason = failureReason(error);
  if (reason === undefined) return undefined;
  const refused = error instanceof UrlError;
  const url = refused ? undefined : error.url;
  const method = error.method;
  const expected =
    site.expected ??
    (reason === 'missing-key' && method !== undefined && url !== undefined
      ? session?.responseWrapperOf?.(method, url)
      : undefined);
  const canonicalPath =
    reason === 'not-an-index' && error.url !== undefined ? session?.canonicalPathOf?.(error.url) : undefined;
  return {
    ...site,
    reason,
    method,
    url,
    status: error instanceof HttpError ? error.status : undefined,
    requestedUrl: site.requestedUrl ?? (refused ? error.url : undefined),
    expected,
    redactedKey: session?.redactedSecret || undefined,
    retryLimit: session?.maxNetworkAttempts,
    permitted: session?.permittedMethods,
    baseUrl: session?.url,
    canonicalPath,
  };
}
