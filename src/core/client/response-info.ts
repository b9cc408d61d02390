// The HTTP side of a result, for `withResponse` views: what support asks for (`x-request-id`) and what a
// caller paces itself by (the rate-limit headers), from the response the result was read from.
import { readRateLimitHeaders, type RateLimitHeaders } from '../rate-limit/rate-limit-headers.js';
import type { FetchHeaders, FetchResponse } from '../platform/fetch-types.js';

/**
 * A result with the answer it came from.
 *
 * @typeParam T - what the plain method resolves to
 */
export interface WithResponse<T> {
  /** What the plain method resolves to. */
  readonly data: T;
  /** The HTTP status. */
  readonly status: number;
  /** The response headers. */
  readonly headers: FetchHeaders;
  /** The `x-request-id` header, to quote to PagerDuty support; `null` when absent. */
  readonly requestId: string | null;
  /** What the `ratelimit-limit`, `ratelimit-remaining` and `ratelimit-reset` headers said; `undefined` without them. */
  readonly rateLimit: RateLimitHeaders | undefined;
  /** The raw response, its body already read; not enumerable, so a logged result stays short. */
  readonly response: FetchResponse;
}

export function withResponse<T>(data: T, response: FetchResponse): WithResponse<T> {
  const result = {
    data,
    status: response.status,
    headers: response.headers,
    requestId: response.headers.get('x-request-id'),
    rateLimit: readRateLimitHeaders(response.headers),
  };
  return Object.defineProperty(result, 'response', { value: response, enumerable: false }) as WithResponse<T>;
}
