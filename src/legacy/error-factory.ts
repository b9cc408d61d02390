/**
 * The error seam of the legacy layer: an engine `ErrorFactory` that builds the
 * predecessor's classes, worded as the predecessor release worded them.
 *
 * @module
 */
import type { ErrorFactory, ErrorSpec } from '../core/errors/error-classes.js';
import type { LegacyErrorTable, LegacyPolicy } from './compat.js';
import { PDClientError, PDHTTPError, PDServerError, URLError, type LegacyErrorName } from './errors.js';
import { wordFailure } from './failure-wording.js';
import type { ReleaseWording } from './release-wording.js';

/**
 * The error factory of a session: the errors of a pdpyras release, worded as it worded
 * them (see `legacyPolicyFor`). A core client given it throws what the session of that
 * release throws.
 *
 * A failure the release's wording covers gets the release's message and class (a 503 was
 * a `PDHTTPError` "unknown error" in pdpyras 5.x); any other keeps the engine's message and
 * becomes the class the policy's `errors` table names for its kind. An HTTP class without
 * a response (which the engine never asks for) falls back to {@link PDClientError} rather
 * than throwing while building an error.
 *
 * @param policy - the release's policy (its `errors` and `wording`)
 * @example
 * ```ts
 * const client = new RestApiV2Client(key, { errorFactory: legacyErrorFactory(legacyPolicyFor('5.4.1')) });
 * ```
 */
export function legacyErrorFactory(policy: Pick<LegacyPolicy, 'errors' | 'wording'>): ErrorFactory;
/**
 * The error factory of a kind-to-class table, worded by `wording` when given, else with the
 * engine's messages.
 *
 * @param table - the class of each kind of failure (`LegacyPolicy.errors`)
 * @param wording - a release's wording (`LegacyPolicy.wording`)
 * @example
 * ```ts
 * const factory = legacyErrorFactory(legacyPolicyFor('4.3.0').errors);
 * factory({ kind: 'http', message: 'GET ...: 404', response }) instanceof PDHTTPError; // false
 * ```
 */
export function legacyErrorFactory(table: LegacyErrorTable, wording?: ReleaseWording): ErrorFactory;
export function legacyErrorFactory(
  source: LegacyErrorTable | Pick<LegacyPolicy, 'errors' | 'wording'>,
  givenWording?: ReleaseWording,
): ErrorFactory {
  const isPolicy = 'errors' in source;
  const table = isPolicy ? source.errors : source;
  const wording = isPolicy ? source.wording : givenWording;
  return (spec: ErrorSpec) => {
    const worded =
      wording !== undefined && spec.facts !== undefined ? wordFailure(wording, spec.facts, spec.body) : undefined;
    return legacyError(worded?.errorClass ?? table[spec.kind], worded?.message ?? spec.message, spec);
  };
}

function legacyError(name: LegacyErrorName, message: string, spec: ErrorSpec): Error {
  const response = spec.response ?? null;
  if (name === 'URLError') return new URLError(message, { cause: spec.cause });
  if (name === 'PDServerError' && response) return new PDServerError(message, response);
  if (name === 'PDHTTPError' && response) return new PDHTTPError(message, response);
  return new PDClientError(message, response, { cause: spec.cause });
}
