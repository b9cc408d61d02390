/**
 * The policy a REST client consults at its seams. The core clients use the modern
 * default; the legacy sessions build the same client with the values of the predecessor
 * version they emulate, so that one engine serves both.
 *
 * The fourth seam of the legacy layer, which error classes are thrown, is the engine's
 * `errorFactory` option: every error of the REST layer is built through it.
 *
 * @module
 */

/**
 * How a REST client behaves where the predecessor's versions differed.
 *
 * @example
 * ```ts
 * // A client that behaves like the predecessor before 5.0.0:
 * const client = new RestApiV2Client(key, {
 *   policy: { wrappers: 'convention', acceptResourceObjects: false },
 * });
 * ```
 */
export interface RestPolicy {
  /**
   * Append `[]` to the key of every list-valued query parameter that lacks it
   * (`statuses: [...]` is sent as `statuses[]=...`). Before 4.4.0 the predecessor sent
   * list keys unchanged. @default true
   */
  readonly appendListBrackets: boolean;
  /**
   * Where entity wrappers come from: `'config'` consults the API's wrapper table and falls
   * back to the convention, and pages each index as its table says (`RestApiTables.indexes`);
   * `'convention'` ignores both tables (as before 5.0.0), so an endpoint whose body lacks the
   * inferred key fails with an error naming that key, and indexes page classically (or by
   * cursor on the cursor paths).
   * @default 'config'
   */
  readonly wrappers: 'config' | 'convention';
  /**
   * Accept a resource object with a `self` URL wherever a URL is expected; when false,
   * passing an object is a `UrlError` (as before 5.0.0). @default true
   */
  readonly acceptResourceObjects: boolean;
}

/** The policy of the core clients: every modern behaviour on. */
export const DEFAULT_REST_POLICY: RestPolicy = Object.freeze({
  appendListBrackets: true,
  wrappers: 'config',
  acceptResourceObjects: true,
});

/**
 * The full policy for a partial one: given fields over {@link DEFAULT_REST_POLICY}.
 *
 * @throws TypeError for a field of the wrong type or an unknown `wrappers` value
 */
export function resolveRestPolicy(overrides: Partial<RestPolicy> = {}): RestPolicy {
  const policy = { ...DEFAULT_REST_POLICY, ...withoutUndefined(overrides) };
  if (typeof policy.appendListBrackets !== 'boolean') throw new TypeError('policy.appendListBrackets must be a boolean');
  if (typeof policy.acceptResourceObjects !== 'boolean') {
    throw new TypeError('policy.acceptResourceObjects must be a boolean');
  }
  if (policy.wrappers !== 'config' && policy.wrappers !== 'convention') {
    throw new TypeError(`policy.wrappers must be 'config' or 'convention', got ${JSON.stringify(policy.wrappers)}`);
  }
  return Object.freeze(policy);
}

function withoutUndefined(overrides: Partial<RestPolicy>): Partial<RestPolicy> {
  return Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
}
