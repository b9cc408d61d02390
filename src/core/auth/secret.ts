// The symbol util.inspect looks for, by its registered name: nothing from node:util is imported, so the file
// loads on every runtime.
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** `*` alone for a secret of 4 characters or fewer, so that a short secret is not shown whole. */
export function redact(secret: string): string {
  return secret.length > 4 ? `*${secret.slice(-4)}` : '*';
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
  [INSPECT](): string {
    return `Secret(${this.toString()})`;
  }
}
