/**
 * The error of a command line that cannot be run as given (a missing key, a malformed
 * field): the program prints it and exits with status 2 without making a request.
 *
 * @module
 */

/**
 * A usage error: the program exits with status 2.
 *
 * @example
 * ```ts
 * if (!key) throw new UsageError('no routing key: pass -k KEY or set PAGERDUTY_ROUTING_KEY');
 * ```
 */
export class UsageError extends Error {
  /** @param message - what is wrong with the command line, on one line */
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
