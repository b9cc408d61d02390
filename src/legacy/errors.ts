/**
 * The predecessor's error classes, thrown by the session classes instead of the core
 * tree. They extend the core's `PagerDutyError`, so a catch written for the core clients
 * (`err instanceof PagerDutyError`) also catches them while code migrates.
 *
 * @module
 */
import { PagerDutyError, type HttpError } from '../core/errors/error-classes.js';

// The response type is named through the core so that the legacy layer never imports
// node-fetch, not even for a type.
type Response = HttpError['response'];

/**
 * The session API's general error: a failed request, network failure, or (before
 * `compat` 5.0.0) refused input. `response` is the response when there was one.
 *
 * @example
 * ```ts
 * try {
 *   await session.rget('/users/PABC123');
 * } catch (err) {
 *   if (err instanceof PDClientError && err.response) console.error(err.response.status);
 * }
 * ```
 */
export class PDClientError extends PagerDutyError {
  /** The response that failed (its body already read), or `null` when there was none. */
  declare readonly response: Response | null;

  /**
   * @param message - what went wrong; never contains a credential
   * @param response - the response, when the failure concerns one
   * @param options - `cause`: the underlying error (for network failures)
   */
  constructor(message: string, response: Response | null = null, options?: { cause?: unknown }) {
    super(message, options);
    // Non-enumerable: logging an error object should not dump a whole response.
    Object.defineProperty(this, 'response', { value: response, enumerable: false });
  }
}

/**
 * An error concerning an HTTP response (from `compat` 4.4.0): `response` is always set.
 *
 * @example
 * ```ts
 * try {
 *   await session.rget('/users/PNOPE');
 * } catch (err) {
 *   if (err instanceof PDHTTPError && err.response.status === 404) return null;
 *   throw err;
 * }
 * ```
 */
export class PDHTTPError extends PDClientError {
  /** The response that failed (its body already read). */
  declare readonly response: Response;

  /**
   * @param message - what went wrong
   * @param response - the response that failed
   */
  constructor(message: string, response: Response) {
    super(message, response);
  }
}

/**
 * The API answered in a way the client cannot use (from `compat` 5.0.0, as in pdpyras): a
 * body that is not JSON or lacks its expected wrapper, a reply without a dedup key, a
 * redirect, or the status 500. Only 500: pdpyras 5.x tested `status / 100 == 5`, so 502
 * to 504 were a plain {@link PDHTTPError} ("unknown error"), and so they are here.
 */
export class PDServerError extends PDHTTPError {}

/**
 * Input refused before any request (from `compat` 5.0.0): a URL outside the session's
 * base URL, or a path that matches no endpoint. Not a {@link PDClientError}, as in the
 * predecessor (a method the session does not permit is a `PDClientError`).
 */
export class URLError extends PagerDutyError {}

/** The names of the legacy error classes a failure can become. */
export type LegacyErrorName = 'PDClientError' | 'PDHTTPError' | 'PDServerError' | 'URLError';
