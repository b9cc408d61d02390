/**
 * What the engine knew about a failure beyond the message it wrote: machine-readable
 * facts handed to the `ErrorFactory` with every error, for a factory that words its errors
 * its own way (the legacy sessions word each failure as the pdpyras release they follow
 * did). The core's own factory and messages never read them.
 *
 * @module
 */

/**
 * What the client was doing when the request failed: a page of an index (classic
 * `limit`/`offset` pages, cursor pages, or the single request of an index that does not
 * page), or sending an alert or change event.
 */
export type ClientOperation = 'classic-pages' | 'cursor-pages' | 'whole-list' | 'alert-event' | 'change-event';

/**
 * Why a request failed (or was refused before it was sent):
 * - `status`: a 4xx or 5xx response once the retries ran out;
 * - `redirect`: a 3xx response (never followed);
 * - `unauthorized`: a 401, never retried;
 * - `not-json`: a successful response whose body is not JSON;
 * - `missing-key`: a successful JSON response without the key the method needs (`expected`);
 * - `unusable-body`: any other successful response the method cannot use;
 * - `network`: the transport failed and the network retries ran out;
 * - `method-not-permitted`: a method the client does not send;
 * - `foreign-url`: a full URL outside the client's base URL (`baseUrl`);
 * - `no-canonical-path`: a path that matches none of the API's canonical paths;
 * - `not-an-index`: an iterator asked to page through a single resource (`canonicalPath`).
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

/**
 * What a method tells the requests it makes, so that their errors can say what it was
 * doing (see {@link FailureFacts}).
 */
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

/**
 * Builds the error for input refused before any request, with the facts of the refusal
 * when its site has them (pure helpers take one, so that each client builds its own class).
 */
export type RefusalFailure = (message: string, facts?: FailureFacts) => Error;

/**
 * The facts of a response failure that only its site knows (the engine adds the method,
 * URL and status). `reason` defaults to what the status says: `status`, `redirect`, or
 * `unusable-body` for a success.
 */
export type ResponseFacts = Partial<Omit<FailureFacts, 'method' | 'url' | 'status'>>;

/**
 * The reason a response failure has when its site names none.
 *
 * @example
 * ```ts
 * responseReason(404); // 'status'
 * responseReason(302); // 'redirect'
 * responseReason(200); // 'unusable-body'
 * ```
 */
export function responseReason(status: number): FailureReason {
  if (status >= 300 && status < 400) return 'redirect';
  return status >= 200 && status < 300 ? 'unusable-body' : 'status';
}

/**
 * The facts with `scrub` applied to every text a caller supplied (URLs): the engine scrubs
 * the credential out of everything an error factory receives.
 */
export function scrubFacts(facts: FailureFacts, scrub: (text: string) => string): FailureFacts {
  const texts = ['url', 'urlBeforeParams', 'requestedUrl', 'baseUrl'] as const;
  const scrubbed: Record<string, unknown> = { ...facts };
  for (const name of texts) {
    const value = facts[name];
    if (value !== undefined) scrubbed[name] = scrub(value);
  }
  return scrubbed as unknown as FailureFacts;
}
