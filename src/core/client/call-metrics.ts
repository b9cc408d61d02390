/**
 * Call metrics, as both predecessors kept them: how many responses each endpoint gave and
 * how long they took, keyed `"METHOD endpoint"`. Plain objects, so a caller may read,
 * copy or reset them (`client.apiCallCounts = {}`).
 *
 * @module
 */
import { ApiClientSettings } from './settings.js';

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
  const bare = bareUrl(url);
  const path = bare.startsWith(baseUrl) && bare.charCodeAt(baseUrl.length) === SLASH ? bare.slice(baseUrl.length) : bare;
  return `${method.toUpperCase()} ${path}`;
}

const SLASH = 0x2f;
const MAX_REMEMBERED_KEYS = 1024;

/**
 * A URL without its query and fragment.
 *
 * @example
 * ```ts
 * bareUrl('https://api.pagerduty.com/users?limit=1#top'); // 'https://api.pagerduty.com/users'
 * ```
 */
export function bareUrl(url: string): string {
  const query = url.indexOf('?');
  const fragment = url.indexOf('#');
  const end = query === -1 ? fragment : fragment === -1 ? query : Math.min(query, fragment);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Call-metric keys remembered per method and URL (without query or fragment), for one
 * base URL at a time: a client whose key costs a lookup (the REST clients match the
 * canonical path) works it out once per endpoint URL, not on every response. Only for
 * keys that depend on nothing but the method, the URL without its query, and the base
 * URL. Holds at most 1,024 keys, and forgets them all when full or when the base URL
 * changes.
 *
 * @example
 * ```ts
 * const memo = new CallKeyMemo();
 * memo.get('https://api.pagerduty.com', 'GET', url) ?? memo.set('GET', url, keyOf(url));
 * ```
 */
export class CallKeyMemo {
  #baseUrl: string | undefined;
  readonly #byMethod = new Map<string, Map<string, string>>();
  #size = 0;
  /** The last answer, checked first: a client often sends to one URL many times in a row. */
  #last: { readonly method: string; readonly url: string; readonly key: string } | undefined;

  /** The key remembered for `method` and `url` under `baseUrl`, if any. */
  get(baseUrl: string, method: string, url: string): string | undefined {
    if (baseUrl !== this.#baseUrl) {
      this.#forget();
      this.#baseUrl = baseUrl;
      return undefined;
    }
    const last = this.#last;
    if (last !== undefined && last.url === url && last.method === method) return last.key;
    const key = this.#byMethod.get(method)?.get(bareUrl(url));
    if (key !== undefined) this.#last = { method, url, key };
    return key;
  }

  /** Remembers the key of `method` and `url` (under the base URL last asked about), and returns it. */
  set(method: string, url: string, key: string): string {
    if (this.#size >= MAX_REMEMBERED_KEYS) this.#forget();
    let byUrl = this.#byMethod.get(method);
    if (byUrl === undefined) {
      byUrl = new Map();
      this.#byMethod.set(method, byUrl);
    }
    const bare = bareUrl(url);
    if (!byUrl.has(bare)) this.#size += 1;
    byUrl.set(bare, key);
    return key;
  }

  #forget(): void {
    this.#byMethod.clear();
    this.#size = 0;
    this.#last = undefined;
  }
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
   * sending each attempt until its whole body was read, on Node's own monotonic clock (fake
   * timers, which replace the global `performance`, do not change it).
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
