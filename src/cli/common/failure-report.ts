/**
 * How the program ends: its exit statuses, and the lines it prints for a failure: one
 * line, and for an API error the API's own message and each of its `errors`, whole
 * (never a stack trace, never a credential; the engine has redacted messages and bodies).
 *
 * @module
 */
import { HttpError, UrlError } from '../../core/errors/error-classes.js';
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

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The lines printed for a failure, each prefixed with the program name. For an
 * `HttpError` whose body the API explained (`apiError`), the first line ends at the
 * status (the message's quote of the body is cut at 99 characters), and the API's message
 * (with its code) and each of its `errors` follow whole, one per line; a part the first
 * line already shows whole is not repeated.
 *
 * @example
 * ```ts
 * failureLines(errorFromPutWithoutFrom);
 * // [
 * //   'pagerduty: PUT https://api.pagerduty.com/incidents/PABC: API responded with client error (status 400)',
 * //   'pagerduty: Invalid Input Provided (code 2001)',
 * //   'pagerduty:   You must specify a user\'s email address in the "From" header to perform this action',
 * // ]
 * ```
 */
export function failureLines(error: unknown, program = 'pagerduty'): string[] {
  const first = failureLine(error, program);
  if (!(error instanceof HttpError) || error.apiError === undefined) return [first];
  const marker = `(status ${error.status})`;
  const end = first.indexOf(marker);
  const head = end < 0 ? first : first.slice(0, end + marker.length);
  const { code, message, errors } = error.apiError;
  const lines = [head];
  if (message !== undefined && !head.includes(oneLine(message))) {
    lines.push(`${program}: ${oneLine(message)}${code === undefined ? '' : ` (code ${code})`}`);
  }
  for (const detail of errors) {
    if (!head.includes(oneLine(detail))) lines.push(`${program}:   ${oneLine(detail)}`);
  }
  return lines;
}
