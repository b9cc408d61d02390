// What a pure check found wrong with the caller's input, as a value: the check stays pure (no error builder
// handed in), and the client that asked turns it into its own error, with the request's method and URL.
import type { UrlErrorCode } from './error-classes.js';

/** Input refused before any request: the message the error will carry, and its code. */
export class Refusal {
  /**
   * @param message - what was refused, and why
   * @param code - what kind of refusal it is
   */
  constructor(
    readonly message: string,
    readonly code: UrlErrorCode = 'ERR_INVALID_URL',
  ) {}
}

/** Whether a check's answer is a refusal rather than the value it looked up. */
export function isRefusal(value: unknown): value is Refusal {
  return value instanceof Refusal;
}
