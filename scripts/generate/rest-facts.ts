// The facts of every REST API v2 operation, derived from the description extract
// (descriptions/rest.json) with the reviewed overrides applied. Pure: the caller reads the
// extract. This is the contract other generator stages build on (the tables here, the
// TypeScript types of the endpoints).
import { applyOverrides } from './apply-overrides.js';
import type { OperationFacts } from './operation-facts.js';
import { deriveOperation } from './operation-facts.js';
import { operationsOf } from './openapi-schema.js';
import { REST_OVERRIDES } from './rest-overrides.js';
import type { JsonNode } from './openapi-schema.js';

export type RestOperation = OperationFacts;

/**
 * One entry per operation of the REST API v2 description, in the description's order:
 * `{ method, path, requestWrapper, responseWrapper, pagination, listKey, maxPageSize, ... }`
 * (see `OperationFacts` in operation-facts.ts for every field and the rules that derive
 * them), with the rows of rest-overrides.ts applied.
 *
 * - `path` is as in the description, with its placeholders.
 * - `requestWrapper` / `responseWrapper`: the key the entity goes under, `null` for a body
 *   sent or returned whole (or no body: see `hasRequestBody` / `hasResponseBody`).
 * - `pagination`: `'classic'` (limit/offset; `moreField` says whether the response declares
 *   `more`), `'cursor'` (cursor/next_cursor; `cursorParam` says whether `cursor` is declared),
 *   `'none'` (a list returned whole, or no index at all), `'specialised'` (its own iterator,
 *   `specialisedIterator`).
 * - `listKey`: the key of the list of an index (a GET whose response wrapper holds a list).
 * - `maxPageSize`: the declared maximum of the `limit` query parameter of an index.
 * - `variants`: for a GET whose last segment is a placeholder naming the list key
 *   (`/tags/{id}/{entity_type}`), the concrete paths the client knows instead.
 *
 * @param extract - the parsed descriptions/rest.json
 * @throws Error when an override row no longer matches an operation
 */
export function deriveRestOperations(extract: JsonNode): RestOperation[] {
  const operations = operationsOf(extract).map((entry) => deriveOperation(extract, entry));
  return applyOverrides(operations, REST_OVERRIDES);
}
