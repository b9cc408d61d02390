/**
 * How the program ends: its exit statuses, and the one line it prints for a failure
 * (never a stack trace, never a credential; the engine has redacted the messages).
 *
 * @module
 */
import { UrlError } from '../core/errors.js';
import { UsageError } from './usage-error.js';

/** The program's exit statuses. */
export const EXIT = Object.freeze({
  /** The command did what was asked. */
  OK: 0,
  /** The API refused the request, or the network failed. */
  FAILURE: 1,
  /** The command line was wrong; no request was made. */
  USAGE: 2,
});

/**
 * The exit status for an error: 2 for a usage error or input refused before any request
 * (`UrlError`), 1 for everything else (HTTP and network errors).
 */
export function exitStatusFor(error: unknown): number {
  return error instanceof UsageError || error instanceof UrlError ? EXIT.USAGE : EXIT.FAILURE;
}

/**
 * The message of an error as one line, prefixed with the program name.
 *
 * @example
 * ```ts
 * failureLine(new Error('POST https://...: API responded with client error (status 400)'));
 * // 'pagerduty: POST https://...: API responded with client error (status 400)'
 * ```
 */
export function failureLine(error: unknown, program = 'pagerduty'): string {
  const message = error instanceof Error ? error.message : String(error);
  return `${program}: ${message.replace(/\s+/g, ' ').trim()}`;
}
