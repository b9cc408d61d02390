/**
 * The one decoder of a success body as JSON, used by every client: the caller says which
 * error a body that is not JSON becomes (each client words its own).
 *
 * @module
 */

/** How {@link decodeJsonBody} treats an empty (or all-blank) body. */
export interface JsonBodyOptions {
  /** `true`: an empty body is `null` (as on 204); `false`: it is not JSON either. @default true */
  readonly emptyIsNull?: boolean;
}

/**
 * The body decoded as JSON.
 *
 * @param onInvalid - builds the error thrown for a body that is not JSON
 * @returns the value; `null` for an empty body unless `emptyIsNull` is false
 *
 * @example
 * ```ts
 * decodeJsonBody('{"a":1}', () => new Error('not JSON')); // { a: 1 }
 * decodeJsonBody('', () => new Error('not JSON')); // null
 * ```
 */
export function decodeJsonBody(text: string, onInvalid: () => Error, options: JsonBodyOptions = {}): unknown {
  if ((options.emptyIsNull ?? true) && text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw onInvalid();
  }
}
