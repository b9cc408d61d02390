// The REST policy (where the predecessor's versions differed) and the targets it governs: a URL or a
// resource object standing for its `self` URL.
import type { EntityWrapperConfig } from './tables.js';
import { isPlainObject } from '../../plain-object.js';
import { Refusal } from '../../errors/refusal.js';

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
// The legacy sessions build the same client with their predecessor's values, so one engine serves both.
export interface RestPolicy {
  /**
   * Append `[]` to the key of every list-valued query parameter that lacks it
   * (`statuses: [...]` is sent as `statuses[]=...`). Before 4.4.0 the predecessor sent
   * list keys unchanged. @default true
   */
  readonly appendListBrackets: boolean;
  /**
   * Where entity wrappers come from: `'config'` matches the URL to a canonical path,
   * consults the API's wrapper table (falling back to the convention) and pages each index
   * as its table says (`RestApiTables.indexes`); `'convention'` is the predecessor's rule
   * before 5.0.0: no table, no canonical path (a path outside the table is sent), the
   * convention applied to the URL's own segments, alternately a collection and an id
   * (`/users/me` is a user), and indexes paged classically (or by cursor on the cursor
   * paths). An endpoint whose body lacks the inferred key fails with an error naming that
   * key. @default 'config'
   */
  readonly wrappers: 'config' | 'convention';
  /**
   * Which methods accept a resource object with a `self` URL in place of a URL: `true`
   * every method, `false` none, or the names of those that do (`['rget', 'rput',
   * 'rdelete']`); any other passing an object is a `UrlError`. @default true
   */
  readonly acceptResourceObjects: boolean | readonly string[];
  /**
   * What an item hook receives as the total when the API reported none: `null`, or `'?'`
   * (what the predecessor passed from 5.0.0). @default null
   */
  readonly unknownTotal: null | '?';
  /**
   * Send requests as the API's description requires beyond paths and wrappers: windows of
   * `iterHistory` within each endpoint's longest since/until range, the early-access header
   * of the operations that declare one, and query parameters in their declared style
   * (`sort_by=a,b`). The predecessor did none of these. @default true
   */
  readonly declaredRequirements: boolean;
  /**
   * `iterCursor` pages any path by cursor, under the last node of the URL, with no
   * `limit`, as the predecessor's `iter_cursor` did from 4.5.0 to 5.0.0 (it had no cursor
   * table). @default false
   */
  readonly cursorAnyPath: boolean;
  /**
   * Wrapper rows, as in the tables' `wrapperConfig`, that win over the table's row for the
   * same method and path (the predecessor release's own entries where they differ from
   * the API's description). Only consulted under `'config'`. @default {}
   */
  readonly wrapperOverrides: EntityWrapperConfig;
  /**
   * When a request body counts as already wrapped (and is sent as given): `'only-key'` an
   * object whose one key is the wrapper; `'has-key'` any object holding the wrapper key,
   * the predecessor's test at every release (`req_w not in json`). @default 'only-key'
   */
  readonly wrappedWhen: 'only-key' | 'has-key';
  /**
   * `rdelete` wraps a `json` body as the other r-methods do; the predecessor sent it as
   * given at every release (it wrapped only POST and PUT bodies). @default true
   */
  readonly wrapDeleteBody: boolean;
}

/** The policy of the core clients: every modern behaviour on. */
export const DEFAULT_REST_POLICY: RestPolicy = Object.freeze({
  appendListBrackets: true,
  wrappers: 'config',
  acceptResourceObjects: true,
  unknownTotal: null,
  declaredRequirements: true,
  cursorAnyPath: false,
  wrapperOverrides: Object.freeze({}),
  wrappedWhen: 'only-key',
  wrapDeleteBody: true,
});

export function resolveRestPolicy(overrides: Partial<RestPolicy> = {}): RestPolicy {
  // Set only by the legacy sessions, from their releases' policies (typed, and tested there): nothing to check.
  const policy = { ...DEFAULT_REST_POLICY, ...withoutUndefined(overrides) };
  const objects = policy.acceptResourceObjects;
  return Object.freeze({
    ...policy,
    acceptResourceObjects: Array.isArray(objects) ? Object.freeze([...objects]) : objects,
  });
}

function withoutUndefined(overrides: Partial<RestPolicy>): Partial<RestPolicy> {
  return Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
}

export function acceptsResourceObject(policy: Pick<RestPolicy, 'acceptResourceObjects'>, method: string): boolean {
  const accepted = policy.acceptResourceObjects;
  return typeof accepted === 'boolean' ? accepted : accepted.includes(method);
}

/**
 * A URL or path (`'/users/PABC123'`), or a resource object with a `self` URL, as the API
 * returns them (`{ id: 'PABC123', type: 'user', self: 'https://api.pagerduty.com/users/PABC123' }`).
 */
export type ResourceTarget = string | ResourceObject;

/** A resource object standing for its URL: anything with a `self` URL, as the API returns resources. */
export interface ResourceObject {
  /** The resource's own API URL. */
  readonly self?: string | null;
}

export function targetUrl(target: ResourceTarget, acceptObjects: boolean, method: string): string | Refusal {
  if (typeof target === 'string') return target;
  if (!isPlainObject(target)) return new Refusal(`${method} needs a URL or a resource object, got ${describe(target)}`);
  if (!acceptObjects)
    return new Refusal(`${method} needs a URL; this client does not accept a resource object in its place`);
  const self = target.self;
  if (typeof self !== 'string' || self === '') {
    return new Refusal(`the object passed to ${method} in place of a URL has no "self" URL`);
  }
  return self;
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
