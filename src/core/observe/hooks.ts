// Request hooks: the caller's own code at each step of a call (ky's `hooks`, octokit's `hook.before/after/error`).
// A hook sees the call as the logs do (URL redacted, no credential); one that throws fails the call with its
// error, before the attempt is sent or after its answer is whole, so that nothing is left half-sent.
import type { FetchHeaders } from '../platform/fetch-types.js';

/** One call as hooks see it: the same for each of its attempts. */
export interface HookCall {
  /** `GET`, `POST`, ... */
  readonly method: string;
  /** The URL sent, query included, the client's secret redacted (as in the logs). */
  readonly url: string;
  /** The operation: method and canonical path (`GET /users/{id}`), or the path where none is known. */
  readonly operation: string;
}

/** An attempt about to be sent: its headers may be changed (not `Authorization`). */
export interface HookRequest extends HookCall {
  /** 1 for the first attempt, 2 for the first retry, ... */
  readonly attempt: number;
  /**
   * The headers to send, without the credential: add, change or delete entries in place. Setting
   * `Authorization` is refused (a `TypeError` failing the call): the client's credential is its own.
   */
  readonly headers: Record<string, string>;
}

/** An answer to an attempt, its body read (or live, for a streamed request). */
export interface HookResponse {
  readonly status: number;
  readonly headers: FetchHeaders;
  /** The `x-request-id` header, to quote to PagerDuty support; `null` when absent. */
  readonly requestId: string | null;
}

/** Why an attempt is retried and after how long. */
export interface HookRetry {
  /** The attempt that failed. */
  readonly attempt: number;
  /** `status 503`, `network error: ...`: the same words as the retry warning. */
  readonly reason: string;
  /** The status that failed, when there was an answer. */
  readonly status?: number;
  /** The pause before the next attempt, in seconds. */
  readonly pause: number;
}

/**
 * Functions called at each step of every call of a client; each may be async (it is awaited) and each list
 * runs in order. A hook that throws fails the call with that error (no further attempt is sent).
 *
 * @example
 * ```ts
 * const client = new RestApiV2Client(key, {
 *   hooks: {
 *     beforeRequest: [(request) => void (request.headers['X-Correlation-Id'] = correlationId())],
 *     afterResponse: [(request, response) => console.log(request.operation, response.status, response.requestId)],
 *     beforeRetry: [(request, retry) => console.warn(`${request.url}: ${retry.reason}, again in ${retry.pause} s`)],
 *   },
 * });
 * ```
 */
export interface RequestHooks {
  /** Before each attempt (retries too): may change `request.headers`, or throw to send nothing. */
  readonly beforeRequest?: readonly ((request: HookRequest) => void | Promise<void>)[];
  /** After each answer, whatever its status, before the client decides what it means. */
  readonly afterResponse?: readonly ((request: HookRequest, response: HookResponse) => void | Promise<void>)[];
  /** Before the pause of each retry, with its reason and length. */
  readonly beforeRetry?: readonly ((request: HookRequest, retry: HookRetry) => void | Promise<void>)[];
  /**
   * When the call fails: a network error once retries run out, an abort, a refusal, a status the method
   * does not accept (`HttpError`), or another hook's error. The error is thrown afterwards as it is.
   */
  readonly onError?: readonly ((call: HookCall, error: Error) => void | Promise<void>)[];
}

const HOOK_NAMES: readonly (keyof RequestHooks)[] = ['beforeRequest', 'afterResponse', 'beforeRetry', 'onError'];

/** A copy of the caller's hooks (lists frozen), checked at construction; `undefined` when none is given. */
export function checkedHooks(hooks: RequestHooks | undefined): RequestHooks | undefined {
  if (hooks === undefined) return undefined;
  if (typeof hooks !== 'object' || hooks === null) throw new TypeError('hooks must be an object of lists');
  const copy: Record<string, readonly unknown[]> = {};
  for (const [name, list] of Object.entries(hooks)) {
    if (!HOOK_NAMES.includes(name as keyof RequestHooks)) {
      throw new TypeError(`unknown hook ${JSON.stringify(name)}: expected one of ${HOOK_NAMES.join(', ')}`);
    }
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.some((hook) => typeof hook !== 'function')) {
      throw new TypeError(`hooks.${name} must be a list of functions`);
    }
    if (list.length > 0) copy[name] = Object.freeze([...list]);
  }
  return Object.keys(copy).length === 0 ? undefined : (Object.freeze(copy) as RequestHooks);
}
