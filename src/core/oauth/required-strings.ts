/**
 * The argument check of the OAuth grant methods: every argument that becomes a form
 * field must be a non-empty string. Form encoding would otherwise send `null` or
 * `undefined` as text, alongside the client secret.
 *
 * @module
 */

/**
 * Checks that each named argument is a non-empty string.
 *
 * @param method - the method's name, for the message
 * @param args - the arguments by parameter name, in order
 * @throws TypeError naming the first argument that is missing, empty or not a string
 *
 * @example
 * ```ts
 * requireStrings('getRefreshedToken', { refreshToken }); // throws for null, '', 42
 * ```
 */
export function requireStrings(method: string, args: Readonly<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(args)) {
    if (typeof value !== 'string' || value === '') {
      const got = value === '' ? 'an empty string' : value === null ? 'null' : typeof value;
      throw new TypeError(`${method}: ${name} must be a non-empty string, got ${got}`);
    }
  }
}
