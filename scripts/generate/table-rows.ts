// The rows of a client's tables (canonical paths, wrapper exceptions, cursor, historical
// and specialised paths, per-index pagination) from derived operation facts. Pure.
import { inferEntityWrapper } from './wrapper-convention.js';
import type { OperationFacts } from './operation-facts.js';

export interface IndexRow {
  style: 'classic' | 'cursor' | 'none';
  listKey: string;
  maxPageSize: number | null;
  moreField: boolean;
  limitParam: boolean;
}

export type WrapperValue = string | null | [string | null, string | null];

export interface TableRows {
  canonicalPaths: string[];
  wrapperConfig: Array<[string, WrapperValue]>;
  cursorPaths: string[];
  historicalPaths: string[];
  specialisedIterators: Array<[string, string]>;
  indexes: Array<[string, IndexRow]>;
}

/**
 * The operations as the client knows them: one per concrete path, an operation with path
 * variants replaced by one operation per variant.
 */
export function clientOperations<T extends OperationFacts>(operations: readonly T[]): T[] {
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
 * @param operation - as the client knows it
 */
export function wrapperException(
  operation: OperationFacts,
): string | null | [string | null, string | null] | undefined {
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
 * @param pathsWithoutOperations - paths the description lists without
 *   any operation: still canonical, so that a URL of theirs is not taken for a placeholder
 *   of a neighbour (`/incidents/count` is no incident id)
 */
export function tableRows(
  operations: readonly OperationFacts[],
  pathsWithoutOperations: readonly string[] = [],
): TableRows {
  const known = clientOperations(operations);
  const unique = (paths: readonly string[]) => [...new Set(paths)];
  const indexes = known.filter((operation) => operation.listKey !== null && operation.pagination !== 'specialised');
  return {
    canonicalPaths: unique([...known.map((operation) => operation.path), ...pathsWithoutOperations]),
    wrapperConfig: known.flatMap((operation) => {
      const value = wrapperException(operation);
      return value === undefined ? [] : [[`${operation.method} ${operation.path}`, value] as [string, WrapperValue]];
    }),
    cursorPaths: unique(
      indexes.filter((operation) => operation.pagination === 'cursor').map((operation) => operation.path),
    ),
    historicalPaths: unique(known.filter((operation) => operation.historical).map((operation) => operation.path)),
    specialisedIterators: known
      .filter((operation) => operation.pagination === 'specialised')
      .map((operation): [string, string] => [operation.path, operation.specialisedIterator ?? '']),
    indexes: indexes.map((operation): [string, IndexRow] => [
      operation.path,
      {
        style: operation.pagination as IndexRow['style'],
        listKey: operation.listKey as string,
        maxPageSize: operation.maxPageSize,
        moreField: operation.moreField,
        limitParam: operation.limitParam,
      },
    ]),
  };
}
