/**
 * A response body as text, decoded as a `TextDecoder` would (UTF-8, a leading byte order
 * mark dropped, malformed bytes as U+FFFD), but through `Buffer`'s own decoder: every
 * response is decoded, and `TextDecoder.decode` checks its arguments in JavaScript first.
 *
 * @module
 * @internal
 */

const BYTE_ORDER_MARK = 0xfeff;

/**
 * The body as text.
 *
 * @example
 * ```ts
 * utf8Text(Buffer.from('\ufeff{"a":1}')); // '{"a":1}'
 * ```
 */
export function utf8Text(body: Buffer): string {
  // No argument: Buffer's fastest path, UTF-8 without looking the encoding up.
  const text = body.toString();
  return text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
}
