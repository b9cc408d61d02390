// Handed to the ErrorFactory with every error, for a factory that words its errors its own way (the legacy
// sessions word each failure as their pdpyras release did); the core's own factory never reads them.

/**
 * What the client was doing: a page of an index (`limit`/`offset`, cursor, or the one request of an index
 * that does not page), or sending an alert or change event.
 */
export type ClientOperation = 'classic-pages' | 'cursor-pages' | 'whole-list' | 'alert-event' | 'change-event';

/**
 * Why a request failed or was refused: `status` (4xx/5xx once the retries ran out), `redirect` (3xx, never
 * followed), `unauthorized` (401, never retried), `not-json`, `missing-key` (`expected` names it),
 * `unusable-body` (another unusable success), `network` (the retries ran out), `method-not-permitted`,
 * `foreign-url` (outside `baseUrl`), `no-canonical-path`, `not-an-index` (an iterator on a single resource).
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

/** What a method tells the requests it makes, so that their errors can say what it was doing. */
export interface RequestContext {
  /** What the client was doing. */
  readonly operation?: ClientOperation;
  /** The public method that made the request (`'listAll'`, `'iterCursor'`, `'find'`, ...). */
  readonly caller?: string;
  /** The URL or path as the caller gave it to that method, before it was resolved. */
  readonly requestedUrl?: string;
}

/** The facts of one failure; a site fills in what it knows. */
export interface FailureFacts extends RequestContext {
  /** Why it failed. */
  readonly reason: FailureReason;
  /** The request method, upper case. */
  readonly method?: string;
  /** The request URL as sent, query included. */
  readonly url?: string;
  /** The request URL before the `params` option was appended (the network failure's URL). */
  readonly urlBeforeParams?: string;
  /** The response status, when there was a response. */
  readonly status?: number;
  /** The key the body lacked (`missing-key`): an entity wrapper, `dedup_key`, ... */
  readonly expected?: string;
  /** The credential, redacted to `*` and its last four characters (`unauthorized`). */
  readonly redactedKey?: string;
  /** How many network retries the client allowed (`network`): its `maxNetworkAttempts`. */
  readonly retryLimit?: number;
  /** The methods the client sends (`method-not-permitted`). */
  readonly permitted?: readonly string[];
  /** The client's base URL (`foreign-url`). */
  readonly baseUrl?: string;
  /** The canonical path the URL matched (`not-an-index`). */
  readonly canonicalPath?: string;
}

/** Builds the error for input refused before any request (each client builds its own class). */
export type RefusalFailure = (message: string, facts?: FailureFacts) => Error;

/** The facts of a response failure that only its site knows; `reason` defaults to what the status says. */
export type ResponseDetails = Partial<Omit<FailureFacts, 'method' | 'url' | 'status'>>;

export function responseReason(status: number): FailureReason {
  if (status >= 300 && status < 400) return 'redirect';
  return status >= 200 && status < 300 ? 'unusable-body' : 'status';
}

export function scrubFailure(facts: FailureFacts, scrub: (text: string) => string): FailureFacts {
  const texts = ['url', 'urlBeforeParams', 'requestedUrl', 'baseUrl'] as const;
  const scrubbed: Record<string, unknown> = { ...facts };
  for (const name of texts) {
    const value = facts[name];
    if (value !== undefined) scrubbed[name] = scrub(value);
  }
  return scrubbed as unknown as FailureFacts;
}
