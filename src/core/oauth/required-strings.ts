// Form encoding would send `null` or `undefined` as text, alongside the client secret.

export function requireStrings(method: string, args: Readonly<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(args)) {
    if (typeof value !== 'string' || value === '') {
      const got = value === '' ? 'an empty string' : value === null ? 'null' : typeof value;
      throw new TypeError(`${method}: ${name} must be a non-empty string, got ${got}`);
    }
  }
}
