/**
 * The error seam of the legacy layer: an engine `ErrorFactory` that builds the
 * predecessor's classes, chosen per kind of failure by a compat table.
 *
 * @module
 */
import type { ErrorFactory, ErrorSpec } from '../core/errors.js';
import type { LegacyErrorTable } from './compat.js';
import { PDClientError, PDHTTPError, PDServerError, URLError } from './errors.js';

/**
 * The error factory of a session: each failure kind becomes the class the table names.
 * A kind that names an HTTP class but arrives without a response (which the engine never
 * does) falls back to {@link PDClientError} rather than throwing while building an error.
 *
 * @example
 * ```ts
 * const factory = legacyErrorFactory(legacyPolicyFor('4.3.0').errors);
 * factory({ kind: 'http', message: 'GET ...: 404', response }) instanceof PDHTTPError; // false
 * ```
 */
export function legacyErrorFactory(table: LegacyErrorTable): ErrorFactory {
  return (spec: ErrorSpec) => {
    const response = spec.response ?? null;
    const name = table[spec.kind];
    if (name === 'URLError') return new URLError(spec.message, { cause: spec.cause });
    if (name === 'PDServerError' && response) return new PDServerError(spec.message, response);
    if (name === 'PDHTTPError' && response) return new PDHTTPError(spec.message, response);
    return new PDClientError(spec.message, response, { cause: spec.cause });
  };
}
