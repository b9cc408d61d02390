/**
 * Call metrics, as both predecessors kept them: how many responses each endpoint gave and
 * how long they took, keyed `"METHOD endpoint"`. Plain objects, so a caller may read,
 * copy or reset them (`client.apiCallCounts = {}`).
 *
 * @module
 */
import { ApiClientSettings } from './client-settings.js';

/** The two tallies a client keeps. */
export interface CallTallies {
  /** Responses received per key (every attempt that got a response counts, retries too). */
  apiCallCounts: Record<string, number>;
  /** Seconds spent per key: from sending each attempt until its whole body was read. */
  apiTime: Record<string, number>;
}

/**
 * Adds one response to the tallies.
 *
 * @example
 * ```ts
 * const tallies = { apiCallCounts: {}, apiTime: {} };
 * recordCall(tallies, 'GET /users/{id}', 0.25);
 * tallies.apiCallCounts; // { 'GET /users/{id}': 1 }
 * ```
 */
export function recordCall(tallies: CallTallies, key: string, seconds: number): void {
  const { apiCallCounts, apiTime } = tallies;
  apiCallCounts[key] = (Object.hasOwn(apiCallCounts, key) ? apiCallCounts[key] : 0) + 1;
  apiTime[key] = (Object.hasOwn(apiTime, key) ? apiTime[key] : 0) + seconds;
}

/** The sum of a tally's values (`totalCallCount`, `totalCallTime`). */
export function tallyTotal(tally: Readonly<Record<string, number>>): number {
  let total = 0;
  for (const value of Object.values(tally)) total += value;
  return total;
}

/**
 * The default key of a request: the method and the URL's path below the base URL
 * (`GET /users/PABC123`), or the whole URL without its query when it is not under the
 * base URL. REST clients key by canonical path instead (`GET /users/{id}`).
 *
 * @example
 * ```ts
 * pathCallKey('GET', 'https://events.pagerduty.com/v2/enqueue?x=1', 'https://events.pagerduty.com'); // 'GET /v2/enqueue'
 * ```
 */
export function pathCallKey(method: string, url: string, baseUrl: string): string {
  const bare = url.split('#')[0].split('?')[0];
  const path = bare.startsWith(`${baseUrl}/`) ? bare.slice(baseUrl.length) : bare;
  return `${method.toUpperCase()} ${path}`;
}

/**
 * The call metrics every client carries (`ApiClient` extends this): the two tallies and
 * their totals. The engine adds to them after each response.
 *
 * @example
 * ```ts
 * await client.rget('/users/PABC123');
 * client.apiCallCounts; // { 'GET /users/{id}': 1 }
 * client.totalCallTime; // 0.12 (seconds)
 * ```
 */
export class ApiClientMetrics extends ApiClientSettings implements CallTallies {
  /**
   * Responses received per endpoint, keyed `"METHOD endpoint"` (`"GET /users/{id}"` on the
   * REST clients): every attempt that got a response counts, retried ones too. Assign
   * `{}` to start counting afresh.
   */
  apiCallCounts: Record<string, number> = {};
  /**
   * Seconds spent per endpoint (same keys as {@link ApiClientMetrics.apiCallCounts}), from
   * sending each attempt until its whole body was read.
   */
  apiTime: Record<string, number> = {};

  /** The number of responses received so far (the sum of `apiCallCounts`). */
  get totalCallCount(): number {
    return tallyTotal(this.apiCallCounts);
  }

  /** The seconds spent so far (the sum of `apiTime`). */
  get totalCallTime(): number {
    return tallyTotal(this.apiTime);
  }
}
