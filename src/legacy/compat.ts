/**
 * The `compat` option as data: which pdpyras release a session behaves as, and the
 * policy values each range of releases stands for. Everything here is pure.
 *
 * The gates come from the pdpyras changelog and its source: 4.1.0 let `rget`, `rput` and
 * `rdelete` take a resource object for its `self` URL; 4.4.0 added `[]` to list-valued
 * query keys and the `PDHTTPError` subclass for HTTP failures; 4.5.0 added `iter_cursor`,
 * which paged any path by cursor under the URL's last node, with no `limit`; 5.0.0 made wrapper-driven
 * methods work on every endpoint (the wrapper table and canonical paths), let the
 * j-methods take resource objects too, passed `'?'` to item hooks for an unknown total,
 * keyed call metrics by canonical path (the wrappers of the paths it knew come from its
 * own tables, the nearest measured release at or below: `pdpyras-wrapper-rows.ts`) and
 * introduced `URLError` (earlier releases raised their client error for input they
 * refused); 5.1.2 gave the events sessions default
 * retries of server errors (never 504 for change events). A method a session does not
 * permit was a `PDClientError` at every release. The wording of the errors (and the class
 * each failure raised) changed at 4.4.0, 4.5.0, 5.0.0, 5.0.3 and 5.3.0: see `release-wording.ts`.
 * `rdelete` returned nothing before 5.0.0.
 *
 * @module
 */
import type { ErrorKind } from './error-factory.js';
import type { RestPolicy } from '../core/rest/endpoints/policy.js';
import type { LegacyErrorName } from './errors.js';
import {
  LATEST_PDPYRAS_RELEASE,
  OLDEST_PDPYRAS_RELEASE,
  PDPYRAS_RELEASES,
  type PdpyrasVersion,
} from './pdpyras-releases.js';
import { PDPYRAS_5_WRAPPER_ROWS } from './pdpyras-wrapper-rows.js';
import {
  PDPYRAS_4_3_WORDING,
  PDPYRAS_4_4_WORDING,
  PDPYRAS_4_5_WORDING,
  PDPYRAS_5_0_3_WORDING,
  PDPYRAS_5_0_WORDING,
  PDPYRAS_5_3_WORDING,
  type ReleaseWording,
} from './release-wording.js';

export type { LegacyErrorName } from './errors.js';

/** Which legacy error class each kind of engine failure becomes. */
export type LegacyErrorTable = Readonly<Record<ErrorKind, LegacyErrorName>>;

/** Everything a session does differently from one predecessor release to another. */
export interface LegacyPolicy {
  /** The REST seams: list brackets, where wrappers come from, resource objects, the hook's unknown total. */
  readonly rest: RestPolicy;
  /** The error seam: the class thrown for each kind of failure the wording does not cover. */
  readonly errors: LegacyErrorTable;
  /** How the release worded its errors, and the class each worded failure raised. */
  readonly wording: ReleaseWording;
  /** What `rdelete` resolves to: `'response'` from 5.0.0; `'null'` before, as pdpyras 4.x returned nothing. */
  readonly rdeleteResult: 'response' | 'null';
  /** The `retry` an `EventsAPISession` starts with. */
  readonly eventsRetry: Readonly<Record<number, number>>;
  /** The `retry` a `ChangeEventsAPISession` starts with. */
  readonly changeEventsRetry: Readonly<Record<number, number>>;
  /**
   * How `APISession` keys `apiCallCounts` and `apiTime`: `'tokens'` as pdpyras 4.x
   * (`'get:users/{id}'`), `'canonical'` as 5.x (`'GET /users/{id}'`).
   */
  readonly callKeys: 'tokens' | 'canonical';
}

/** One range of releases, `[since, before)`, that behave alike. */
export interface CompatRange {
  /** The first release of the range. */
  readonly since: PdpyrasVersion;
  /** The first release after the range; `null` for the last range. */
  readonly before: PdpyrasVersion | null;
  /** What the releases of the range do. */
  readonly policy: LegacyPolicy;
}

/** pdpyras 4.1.0 to 4.3.0: the r-methods other than `rpost` take resource objects. */
const BEFORE_4_4: LegacyPolicy = {
  rest: {
    appendListBrackets: false,
    wrappers: 'convention',
    acceptResourceObjects: Object.freeze(['rget', 'rput', 'rdelete']),
    unknownTotal: null,
    declaredRequirements: false,
    cursorAnyPath: false,
    wrapperOverrides: Object.freeze({}),
    wrappedWhen: 'has-key',
    wrapDeleteBody: false,
  },
  errors: {
    url: 'PDClientError',
    method: 'PDClientError',
    network: 'PDClientError',
    abort: 'PDClientError',
    http: 'PDClientError',
    'http-server': 'PDClientError',
  },
  wording: PDPYRAS_4_3_WORDING,
  rdeleteResult: 'null',
  eventsRetry: {},
  changeEventsRetry: {},
  callKeys: 'tokens',
};

/**
 * pdpyras 4.4.0 to 4.4.x: `[]` on list keys, and `PDHTTPError` for HTTP failures (pdpyras
 * had no `PDServerError` before 5.0.0).
 */
const FROM_4_4: LegacyPolicy = {
  ...BEFORE_4_4,
  rest: { ...BEFORE_4_4.rest, appendListBrackets: true },
  errors: { ...BEFORE_4_4.errors, http: 'PDHTTPError', 'http-server': 'PDHTTPError' },
  wording: PDPYRAS_4_4_WORDING,
};

/** pdpyras 5.0.0 to 5.1.1. */
const FROM_5_0: LegacyPolicy = {
  rest: {
    appendListBrackets: true,
    wrappers: 'config',
    acceptResourceObjects: Object.freeze(['rget', 'rput', 'rdelete', 'jget', 'jpost', 'jput']),
    unknownTotal: '?',
    declaredRequirements: false,
    cursorAnyPath: false,
    wrapperOverrides: PDPYRAS_5_WRAPPER_ROWS['5.0.0'],
    wrappedWhen: 'has-key',
    wrapDeleteBody: false,
  },
  errors: {
    url: 'URLError',
    method: 'PDClientError',
    network: 'PDClientError',
    abort: 'PDClientError',
    http: 'PDHTTPError',
    'http-server': 'PDServerError',
  },
  wording: PDPYRAS_5_0_WORDING,
  rdeleteResult: 'response',
  eventsRetry: {},
  changeEventsRetry: {},
  callKeys: 'canonical',
};

/** pdpyras 5.1.2 gave the events sessions default retries of server errors (never 504 for change events). */
const FROM_5_1_2: LegacyPolicy = {
  ...FROM_5_0,
  wording: PDPYRAS_5_0_3_WORDING,
  eventsRetry: { 500: 2, 502: 4, 503: 6, 504: 6 },
  changeEventsRetry: { 500: 2, 502: 4, 503: 6 },
};

/** The default `compat`: the final pdpyras release. */
export const DEFAULT_COMPAT: PdpyrasVersion = LATEST_PDPYRAS_RELEASE;

/**
 * The version gates: contiguous ranges covering {@link PDPYRAS_RELEASES}, oldest first.
 *
 * @example
 * ```ts
 * COMPAT_RANGES[0].policy.rest.appendListBrackets; // false (before 4.4.0)
 * COMPAT_RANGES[COMPAT_RANGES.length - 1].policy.eventsRetry; // { 500: 2, 502: 4, 503: 6, 504: 6 }
 * ```
 */
export const COMPAT_RANGES: readonly CompatRange[] = Object.freeze([
  compatRange(OLDEST_PDPYRAS_RELEASE, '4.1.0', {
    ...BEFORE_4_4,
    rest: { ...BEFORE_4_4.rest, acceptResourceObjects: false },
  }),
  compatRange('4.1.0', '4.4.0', BEFORE_4_4),
  compatRange('4.4.0', '4.5.0', FROM_4_4),
  compatRange('4.5.0', '5.0.0', {
    ...FROM_4_4,
    rest: { ...FROM_4_4.rest, cursorAnyPath: true },
    wording: PDPYRAS_4_5_WORDING,
  }),
  compatRange('5.0.0', '5.0.3', FROM_5_0),
  compatRange('5.0.3', '5.0.4', { ...FROM_5_0, wording: PDPYRAS_5_0_3_WORDING }),
  compatRange('5.0.4', '5.1.2', { ...FROM_5_0, rest: tablesOf('5.0.4'), wording: PDPYRAS_5_0_3_WORDING }),
  compatRange('5.1.2', '5.3.0', { ...FROM_5_1_2, rest: tablesOf('5.0.4') }),
  compatRange('5.3.0', '5.4.1', { ...FROM_5_1_2, rest: tablesOf('5.0.4'), wording: PDPYRAS_5_3_WORDING }),
  compatRange('5.4.1', null, { ...FROM_5_1_2, rest: tablesOf('5.4.1'), wording: PDPYRAS_5_3_WORDING }),
]);

/** The 5.x REST policy with a measured release's wrapper rows (the nearest measured at or below the range). */
function tablesOf(measured: '5.0.0' | '5.0.4' | '5.4.1'): RestPolicy {
  return { ...FROM_5_0.rest, wrapperOverrides: PDPYRAS_5_WRAPPER_ROWS[measured] };
}

function compatRange(since: PdpyrasVersion, before: PdpyrasVersion | null, policy: LegacyPolicy): CompatRange {
  const frozen: LegacyPolicy = Object.freeze({
    rest: Object.freeze({ ...policy.rest }),
    errors: Object.freeze({ ...policy.errors }),
    wording: policy.wording,
    rdeleteResult: policy.rdeleteResult,
    eventsRetry: Object.freeze({ ...policy.eventsRetry }),
    changeEventsRetry: Object.freeze({ ...policy.changeEventsRetry }),
    callKeys: policy.callKeys,
  });
  return Object.freeze({ since, before, policy: frozen });
}

const VERSION_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/**
 * Compares two `major.minor.patch` versions numerically: negative when `a` is older,
 * zero when equal, positive when newer.
 *
 * @throws RangeError when either is not `major.minor.patch`
 * @example
 * ```ts
 * compareVersions('4.10.0', '4.4.0') > 0; // true
 * ```
 */
export function compareVersions(a: string, b: string): number {
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i += 1) {
    if (pa[i] !== pb[i]) return pa[i] - pb[i];
  }
  return 0;
}

function parts(version: string): [number, number, number] {
  const match = VERSION_PATTERN.exec(version);
  if (!match) throw new RangeError(`${JSON.stringify(version)} is not a version of the form major.minor.patch`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whether a value is one of the pdpyras releases. */
export function isPdpyrasVersion(value: unknown): value is PdpyrasVersion {
  return typeof value === 'string' && (PDPYRAS_RELEASES as readonly string[]).includes(value);
}

const ACCEPTED =
  `a pdpyras release from ${OLDEST_PDPYRAS_RELEASE} to ${LATEST_PDPYRAS_RELEASE} ` +
  `(one of: ${PDPYRAS_RELEASES.join(', ')})`;

/**
 * The pdpyras release a session behaves as: `value`, or {@link DEFAULT_COMPAT} when it is
 * `undefined`.
 *
 * @throws TypeError when `value` is not a string
 * @throws RangeError when it is not `major.minor.patch`, or not a pdpyras release; the
 *   message lists the accepted releases
 * @example
 * ```ts
 * resolveCompat(undefined); // '5.4.1'
 * resolveCompat('4.3.0'); // '4.3.0'
 * resolveCompat('4.3'); // RangeError: compat must be major.minor.patch ...
 * ```
 */
export function resolveCompat(value: unknown): PdpyrasVersion {
  if (value === undefined) return DEFAULT_COMPAT;
  if (typeof value !== 'string') throw new TypeError(`compat must be a string naming ${ACCEPTED}; got ${typeof value}`);
  if (!VERSION_PATTERN.test(value)) {
    throw new RangeError(`compat must be major.minor.patch, naming ${ACCEPTED}; got ${JSON.stringify(value)}`);
  }
  if (!isPdpyrasVersion(value)) throw new RangeError(`compat ${JSON.stringify(value)} is not ${ACCEPTED}`);
  return value;
}

/**
 * The policy of a pdpyras release: the values of the `COMPAT_RANGES` range that
 * holds it.
 *
 * @example
 * ```ts
 * legacyPolicyFor('4.3.0').errors.http; // 'PDClientError'
 * legacyPolicyFor('4.4.0').errors.http; // 'PDHTTPError'
 * legacyPolicyFor('5.0.0').rest.wrappers; // 'config'
 * ```
 */
export function legacyPolicyFor(version: PdpyrasVersion, ranges: readonly CompatRange[] = COMPAT_RANGES): LegacyPolicy {
  const range = ranges.find(
    (candidate) =>
      compareVersions(version, candidate.since) >= 0 &&
      (candidate.before === null || compareVersions(version, candidate.before) < 0),
  );
  if (!range) throw new RangeError(`no compat range holds ${version}`);
  return range.policy;
}
