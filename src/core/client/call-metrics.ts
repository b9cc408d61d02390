/**
 * How a request is keyed in the call metrics: a pure function of its method, its URL (as
 * sent, query included) and the client's base URL. The REST clients key by canonical path.
 */
export type CallKey = (method: string, url: string, baseUrl: string) => string;

export const pathCallKey: CallKey = (method, url, baseUrl) => {
  const bare = bareUrl(url);
  const path = bare.startsWith(`${baseUrl}/`) ? bare.slice(baseUrl.length) : bare;
  return `${method.toUpperCase()} ${path}`;
};

export function bareUrl(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * The two tallies of a client and their totals.
 *
 * @example
 * ```ts
 * const metrics = new CallMetrics();
 * metrics.record('GET /users/{id}', 0.25);
 * metrics.apiCallCounts; // { 'GET /users/{id}': 1 }
 * ```
 */
export class CallMetrics {
  /** Responses received per key (every attempt that got a response counts, retries too). */
  apiCallCounts: Record<string, number> = {};
  /** Seconds spent per key: from sending each attempt until its whole body was read. */
  apiTime: Record<string, number> = {};

  /** Adds one response to the tallies. */
  record(key: string, seconds: number): void {
    const { apiCallCounts, apiTime } = this;
    apiCallCounts[key] = (Object.hasOwn(apiCallCounts, key) ? apiCallCounts[key] : 0) + 1;
    apiTime[key] = (Object.hasOwn(apiTime, key) ? apiTime[key] : 0) + seconds;
  }

  /** The number of responses received so far (the sum of `apiCallCounts`). */
  get totalCallCount(): number {
    return sum(this.apiCallCounts);
  }

  /** The seconds spent so far (the sum of `apiTime`). */
  get totalCallTime(): number {
    return sum(this.apiTime);
  }
}

function sum(tally: Readonly<Record<string, number>>): number {
  return Object.values(tally).reduce((total, value) => total + value, 0);
}

/** The call metrics every client shows. */
export interface CallMetricsView {
  /**
   * Responses received per endpoint, keyed `"METHOD endpoint"` (`"GET /users/{id}"` on the
   * REST clients): every attempt that got a response counts, retried ones too. Assign `{}`
   * to start counting afresh.
   */
  apiCallCounts: Record<string, number>;
  /**
   * Seconds spent per endpoint (keys as in `apiCallCounts`), from sending each attempt until
   * its body was read. Assign `{}` to start afresh.
   */
  apiTime: Record<string, number>;
  /** The number of responses received so far (the sum of `apiCallCounts`). */
  readonly totalCallCount: number;
  /** The seconds spent so far (the sum of `apiTime`). */
  readonly totalCallTime: number;
}
