// The rows of a client's tables (canonical paths, wrapper exceptions, cursor, historical
// and specialised paths, per-index pagination) from derived operation facts. Pure.
import { inferEntityWrapper } from './wrapper-convention.mjs';

/**
 * @typedef {object} IndexRow
 * @property {'classic' | 'cursor' | 'none'} style
 * @property {string} listKey
 * @property {number | null} maxPageSize
 * @property {boolean} moreField
 * @property {boolean} limitParam
 *
 * @typedef {object} TableRows
 * @property {string[]} canonicalPaths
 * @property {Array<[string, string | null | [string | null, string | null]]>} wrapperConfig
 * @property {string[]} cursorPaths
 * @property {string[]} historicalPaths
 * @property {Array<[string, string]>} specialisedIterators
 * @property {Array<[string, IndexRow]>} indexes
 */

/**
 * The operations as the client knows them: one per concrete path, an operation with path
 * variants replaced by one operation per variant.
 *
 * @template {import('./operation-facts.mjs').OperationFacts} T
 * @param {readonly T[]} operations
 * @returns {T[]}
 */
export function clientOperations(operations) {
  return operations.flatMap((operation) =>
    operation.variants
      ? operation.variants.map((variant) => ({ ...operation, ...variant, variants: null }))
      : [operation],
  );
}

/**
 * The wrapper-table value for an operation, or `undefined` when the convention already
 * gives what the description says. Only the sides that exist are compared: the request
 * side when the client sends a body (never on GET), the response side when a success
 * response has a JSON body. A side that does not exist is written `null` (a GET's as its
 * response side, so that the entry reads as one name).
 *
 * @param {import('./operation-facts.mjs').OperationFacts} operation - as the client knows it
 * @returns {string | null | [string | null, string | null] | undefined}
 */
export function wrapperException(operation) {
  const inferred = inferEntityWrapper(operation.method, operation.path);
  const sendsBody = operation.hasRequestBody && operation.method !== 'GET';
  const requestAgrees = !sendsBody || operation.requestWrapper === inferred;
  const responseAgrees = !operation.hasResponseBody || operation.responseWrapper === inferred;
  if (requestAgrees && responseAgrees) return undefined;
  const response = operation.hasResponseBody ? operation.responseWrapper : null;
  const request = sendsBody ? operation.requestWrapper : operation.method === 'GET' ? response : null;
  return request === response ? request : [request, response];
}

/**
 * Every table of a client, from the facts of its operations.
 *
 * @param {readonly import('./operation-facts.mjs').OperationFacts[]} operations
 * @param {readonly string[]} [pathsWithoutOperations] - paths the description lists without
 *   any operation: still canonical, so that a URL of theirs is not taken for a placeholder
 *   of a neighbour (`/incidents/count` is no incident id)
 * @returns {TableRows}
 */
export function tableRows(operations, pathsWithoutOperations = []) {
  const known = clientOperations(operations);
  const unique = (paths) => [...new Set(paths)];
  const indexes = known.filter((operation) => operation.listKey !== null && operation.pagination !== 'specialised');
  return {
    canonicalPaths: unique([...known.map((operation) => operation.path), ...pathsWithoutOperations]),
    wrapperConfig: known.flatMap((operation) => {
      const value = wrapperException(operation);
      return value === undefined ? [] : [[`${operation.method} ${operation.path}`, value]];
    }),
    cursorPaths: unique(
      indexes.filter((operation) => operation.pagination === 'cursor').map((operation) => operation.path),
    ),
    historicalPaths: unique(known.filter((operation) => operation.historical).map((operation) => operation.path)),
    specialisedIterators: known
      .filter((operation) => operation.pagination === 'specialised')
      .map((operation) => [operation.path, operation.specialisedIterator ?? '']),
    indexes: indexes.map((operation) => [
      operation.path,
      {
        style: /** @type {'classic' | 'cursor' | 'none'} */ (operation.pagination),
        listKey: /** @type {string} */ (operation.listKey),
        maxPageSize: operation.maxPageSize,
        moreField: operation.moreField,
        limitParam: operation.limitParam,
      },
    ]),
  };
}
