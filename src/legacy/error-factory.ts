/**
 * The error seam of the legacy layer: an engine `ErrorFactory` that builds the
 * predecessor's classes, worded as the predecessor release worded them.
 *
 * @module
 */
import type { ErrorFactory, ErrorSpec } from '../core/errors.js';
import type { LegacyErrorTable } from './compat.js';
import { PDClientError, PDHTTPError, PDServerError, URLError, type LegacyErrorName } from './errors.js';
import { wordFailure } from './failure-wording.js';
import type { ReleaseWording } from './release-wording.js';

/**
 * The error factory of a session. A failure the release's `wording` covers gets the
 * release's message and class (a 503 was a `PDHTTPError` "unknown error" in pdpyras 5.x);
 * any other keeps the engine's message and becomes the class `table` names for its kind.
 * An HTTP class without a response (which the engine never asks for) falls back to
 * {@link PDClientError} rather than throwing while building an error.
 *
 * @param table - the class of each kind of failure (`LegacyPolicy.errors`)
 * @param wording - the release's wording (`LegacyPolicy.wording`); without it every
 *   message is the engine's
 * @example
 * ```ts
 * const policy = legacyPolicyFor('4.3.0');
 * const factory = legacyErrorFactory(policy.errors, policy.wording);
 * factory({ kind: 'http', message: 'GET ...: 404', response }) instanceof PDHTTPError; // false
 * ```
 */
export function legacyErrorFactory(table: LegacyErrorTable, wording?: ReleaseWording): ErrorFactory {
  return (spec: ErrorSpec) => {
    const worded = wording !== undefined && spec.facts !== undefined ? wordFailure(wording, spec.facts, spec.body) : undefined;
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
