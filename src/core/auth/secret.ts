/**
 * A credential that cannot leak by accident: printing, inspecting or serialising it shows
 * only `*` and its last four characters.
 *
 * @module
 */
import { inspect } from 'node:util';

/**
 * Redacts a secret for display: `*` followed by its last 4 characters (`*` alone for a
 * secret of 4 characters or fewer, so that short secrets are not shown whole).
 *
 * @example
 * ```ts
 * redact('u+abcdefgh1234'); // '*1234'
 * ```
 */
export function redact(secret: string): string {
  return secret.length > 4 ? `*${secret.slice(-4)}` : '*';
}

/**
 * The text with a secret redacted wherever it appears: as it is, and in the forms it takes
 * in a query string or a form (a PagerDuty key's `+` as `%2B`), where it is also sent.
 *
 * @example
 * ```ts
 * scrubSecret('GET /users?token=u%2Babcdefgh1234', new Secret('u+abcdefgh1234')); // 'GET /users?token=*1234'
 * ```
 */
export function scrubSecret(text: string, secret: Secret | undefined): string {
  if (!secret) return text;
  const value = secret.reveal();
  const redacted = secret.toString();
  let scrubbed = text.split(value).join(redacted);
  for (const encoded of [encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)]) {
    if (encoded !== value) scrubbed = scrubbed.split(encoded).join(redacted);
  }
  return scrubbed;
}

/**
 * Holds a credential in a private field. `String(secret)`, `JSON.stringify(secret)` and
 * `util.inspect(secret)` all give the redacted form; only {@link Secret.reveal} gives the
 * value, and the library calls it only where the value goes onto the wire.
 */
export class Secret {
  readonly #value: string;

  /** @param value - the credential; must be a non-empty string */
  constructor(value: string) {
    if (typeof value !== 'string' || value.length === 0) {
      throw new TypeError('a credential must be a non-empty string');
    }
    this.#value = value;
  }

  /** The credential itself, for the request that needs it. */
  reveal(): string {
    return this.#value;
  }

  /** The redacted form, `*` plus the last four characters. */
  toString(): string {
    return redact(this.#value);
  }

  /** The redacted form, so that `JSON.stringify` never shows the value. */
  toJSON(): string {
    return this.toString();
  }

  /** The redacted form, for `util.inspect` and `console.log`. */
  [inspect.custom](): string {
    return `Secret(${this.toString()})`;
  }
}
