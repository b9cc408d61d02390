/**
 * The mark that makes `session instanceof PDSession` true for every session class,
 * including `APISession`, whose prototype chain runs through the core `RestApiV2Client`
 * rather than through `PDSession`.
 *
 * @module
 */

const SESSION_BRAND = Symbol('pagerduty-client.legacy.session');

/** Marks a session class: its instances (and its subclasses' instances) count as sessions. */
export function brandSessionClass(target: { readonly prototype: object }): void {
  Object.defineProperty(target.prototype, SESSION_BRAND, { value: true, enumerable: false });
}

/** Whether a value is an instance of a marked session class. */
export function isBrandedSession(value: unknown): boolean {
  return typeof value === 'object' && value !== null && SESSION_BRAND in value;
}
