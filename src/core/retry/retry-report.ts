/**
 * The warning the engine logs before each retry, so that a long series of pauses (a
 * wrong base URL costs 3 + 6 + 12 s of network retries) is never silent to a caller who
 * passes a logger, nor to the `pagerduty` command, which prints warnings on stderr.
 *
 * @module
 */
import type { Logger } from '../logging.js';

/** One retry about to happen. */
export interface RetryReport {
  /** The request method. */
  readonly method: string;
  /** The request URL (redacted by the caller if need be). */
  readonly url: string;
  /** The attempt that failed, from 1. */
  readonly attempt: number;
  /** What failed: `status 503` or `network error: ...`. */
  readonly failure: string;
  /** The pause before the next attempt, in seconds. */
  readonly pause: number;
}

/**
 * The warning line of a retry:
 * `GET https://api.pagerduty.com/users: attempt 1 failed (status 503); retrying in 3.0 s`.
 *
 * @example
 * ```ts
 * retryWarning({ method: 'GET', url, attempt: 2, failure: 'network error: ECONNREFUSED', pause: 6 });
 * ```
 */
export function retryWarning(report: RetryReport): string {
  return `${report.method} ${report.url}: attempt ${report.attempt} failed (${report.failure}); retrying in ${report.pause.toFixed(1)} s`;
}

/**
 * Logs a retry at warn level.
 *
 * @param scrub - removes the credential from the line (URLs may carry one in a query)
 */
export function warnRetry(log: Logger, report: RetryReport, scrub: (text: string) => string): void {
  log.warn(scrub(retryWarning(report)));
}
