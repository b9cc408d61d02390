// What one operation of an OpenAPI extract means for the client: its wrappers, whether it
// is an index and how that index pages. Pure functions; the rules are documented on
// deriveOperation and in guide/requests.md and guide/pagination.md.
import {
  holdsEntity,
  jsonRequestBody,
  objectView,
  operationParameters,
  resolveRef,
  successResponses,
  valueKind,
} from './openapi-schema.js';
import { inferEntityWrapper, isPlaceholder } from './wrapper-convention.js';
import type { JsonNode, OperationEntry } from './openapi-schema.js';

/**
 * Response fields that describe a page rather than hold data: never an entity wrapper.
 */
export const PAGING_FIELDS = Object.freeze(['offset', 'limit', 'more', 'total', 'next_cursor', 'response_metadata']);

/** How an index pages; `'none'` also for every operation that is no index. */
export type PaginationStyle = 'classic' | 'cursor' | 'none' | 'specialised';

/**
 * One concrete path of an operation whose last segment is a placeholder with an enum that
 * names the list key (`GET /tags/{id}/{entity_type}` -> `/tags/{id}/users` under `users`).
 */
export interface PathVariant {
  path: string;
  responseWrapper: string | null;
  listKey: string | null;
}

/** The facts of one operation (see {@link deriveOperation} for the rules). */
export interface OperationFacts {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As in the description, with its placeholders (for an integration API: relative to the client's base URL). */
  path: string;
  operationId: string;
  /** The operation takes a JSON request body. */
  hasRequestBody: boolean;
  /** The key the entity goes under in the request; `null`: the body is sent as given (or there is none). */
  requestWrapper: string | null;
  /** A success response has a JSON body. */
  hasResponseBody: boolean;
  /** The key of the entity in the response; `null`: the whole body is the result (or there is none). */
  responseWrapper: string | null;
  /**
   * How the index pages; `'none'` for anything that is not a GET of a list, and for a list the
   * API returns whole.
   */
  pagination: PaginationStyle;
  /**
   * The key of the list of an index (a GET whose response wrapper holds an array); `null` when
   * the operation is no index.
   */
  listKey: string | null;
  /** The `maximum` of the `limit` query parameter. */
  maxPageSize: number | null;
  /** The operation declares a `limit` query parameter. */
  limitParam: boolean;
  /** The response declares `more` (classic pagination). */
  moreField: boolean;
  /** The operation declares a `cursor` query parameter. */
  cursorParam: boolean;
  /** An index with `since` and `until` query parameters. */
  historical: boolean;
  /** The client method for a `'specialised'` index. */
  specialisedIterator: string | null;
  variants: PathVariant[] | null;
  /** The ids of the override rows applied to this entry. */
  overrides: string[];
}

/**
 * The facts of one operation, before any override.
 *
 * Wrappers (the same rules for requests and responses, applied to the JSON schema of the
 * body, `allOf` merged):
 * - a request body is wrapped when its schema declares exactly one property and that
 *   property holds an entity (an object, a list, or a choice of objects); otherwise it is
 *   sent as given;
 * - a response is unwrapped under the convention's name (see `wrapper-convention.ts`)
 *   when the schema declares that property and it holds an entity; otherwise under its one
 *   entity-holding property besides the paging fields ({@link PAGING_FIELDS}); when there
 *   are several, under the one that is required, or for a GET under the one list;
 *   otherwise the whole body is the result. Several success responses that disagree mean
 *   the whole body.
 *
 * Pagination (GET indexes only): `'cursor'` when the query declares `cursor` or the response
 * declares `next_cursor`; else `'classic'` when the query declares `offset` or the response
 * declares `more` or `offset`; else `'none'` (one request returns the list).
 *
 * Historical records (for `iterHistory`): an index that declares `since` and `until`, paged
 * by cursor, or classically with a `total` parameter (windows are sized by their total).
 *
 * @param extract - the parsed extract the operation belongs to
 * @param clientPath - the path as the client sees it, when it differs from the
 *   description's (an integration API's paths without their base path); the convention
 *   and the path variants work on it
 */
export function deriveOperation(
  extract: JsonNode,
  { method, path: describedPath, pathItem, operation }: OperationEntry,
  clientPath: string = describedPath,
): OperationFacts {
  const path = clientPath;
  const parameters = operationParameters(extract, pathItem, operation);
  const query = new Map(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p]));
  const body = jsonRequestBody(extract, operation);
  const responses = successResponses(extract, operation);
  const withBody = responses.filter((response) => response.schema !== null);
  const variants = method === 'GET' ? pathVariants(extract, path, parameters, withBody) : null;
  const responseWrapper = variants ? null : responseWrapperOf(extract, method, path, withBody);
  const views = withBody.map((response) => objectView(extract, response.schema));
  const declares = (name: string) => views.some((view) => Object.hasOwn(view.properties, name));
  const listKey = variants ? null : listKeyOf(extract, method, responseWrapper, views);
  const isIndex = listKey !== null || variants !== null;
  const limit = query.get('limit');
  const maximum = limit?.schema ? resolveRef(extract, limit.schema).maximum : undefined;
  const pagination = isIndex ? paginationOf(query, declares) : 'none';
  return {
    method: method as OperationFacts['method'],
    path,
    operationId: operation.operationId ?? `${method} ${describedPath}`,
    hasRequestBody: body !== null,
    requestWrapper: body === null ? null : requestWrapperOf(extract, body.schema),
    hasResponseBody: withBody.length > 0,
    responseWrapper,
    pagination,
    listKey,
    maxPageSize: isIndex && typeof maximum === 'number' ? maximum : null,
    limitParam: query.has('limit'),
    moreField: declares('more'),
    cursorParam: query.has('cursor'),
    historical:
      isIndex &&
      query.has('since') &&
      query.has('until') &&
      (pagination === 'cursor' || (pagination === 'classic' && query.has('total'))),
    specialisedIterator: null,
    variants,
    overrides: [],
  };
}

function paginationOf(query: JsonNode, declares: JsonNode) {
  if (query.has('cursor') || declares('next_cursor')) return 'cursor';
  if (query.has('offset') || declares('more') || declares('offset')) return 'classic';
  return 'none';
}

/** The request wrapper: the one property of the schema, when it holds an entity. */
function requestWrapperOf(extract: JsonNode, schema: JsonNode) {
  const view = objectView(extract, schema);
  if (view.type !== 'object' && view.type !== undefined) return null;
  const names = Object.keys(view.properties);
  if (names.length !== 1 || view.alternatives) return null;
  return holdsEntity(extract, view.properties[names[0]]) ? names[0] : null;
}

function responseWrapperOf(extract: JsonNode, method: string, path: string, responses: JsonNode): string | null {
  if (responses.length === 0) return null;
  const readings = new Set<string | null>(
    responses.map((response: JsonNode) => responseReading(extract, method, path, response.schema)),
  );
  return readings.size === 1 ? [...readings][0] : null;
}

function responseReading(extract: JsonNode, method: string, path: string, schema: JsonNode) {
  const view = objectView(extract, schema);
  if (view.type !== 'object' || Object.keys(view.properties).length === 0) return null;
  const data = Object.keys(view.properties).filter((name) => !PAGING_FIELDS.includes(name));
  const entity = (name: string) => holdsEntity(extract, view.properties[name]);
  const inferred = inferEntityWrapper(method, path);
  if (data.includes(inferred) && entity(inferred)) return inferred;
  const required = data.filter((name) => view.required.includes(name));
  if (required.length === 1) return entity(required[0]) ? required[0] : null;
  if (required.length > 1) return null;
  if (data.length === 1) return entity(data[0]) ? data[0] : null;
  // Several optional fields: an index (a GET of a path that does not end in a placeholder)
  // still has its one list; anything else is a bare body.
  const segments = path.split('/');
  if (method !== 'GET' || isPlaceholder(segments[segments.length - 1])) return null;
  const lists = data.filter((name) => valueKind(extract, view.properties[name]) === 'array');
  return lists.length === 1 ? lists[0] : null;
}

function listKeyOf(extract: JsonNode, method: string, wrapper: JsonNode, views: JsonNode) {
  if (method !== 'GET' || wrapper === null) return null;
  const isList = views.every((view: JsonNode) => valueKind(extract, view.properties[wrapper]) === 'array');
  return isList ? wrapper : null;
}

/**
 * The concrete paths of a GET whose last segment is a placeholder with an enum, when the
 * response declares a list under each of its values (`/tags/{id}/{entity_type}`).
 */
function pathVariants(extract: JsonNode, path: string, parameters: JsonNode, responses: JsonNode) {
  const segments = path.split('/');
  const last = segments[segments.length - 1];
  if (!isPlaceholder(last) || responses.length !== 1) return null;
  const parameter = parameters.find((p: JsonNode) => p.in === 'path' && p.name === last.slice(1, -1));
  const values = parameter?.schema ? resolveRef(extract, parameter.schema).enum : undefined;
  if (!Array.isArray(values) || values.length === 0) return null;
  const view = objectView(extract, responses[0].schema);
  const listed = values.every(
    (value) => typeof value === 'string' && valueKind(extract, view.properties[value]) === 'array',
  );
  if (!listed) return null;
  const stem = segments.slice(0, -1).join('/');
  return values.map((value) => ({ path: `${stem}/${value}`, responseWrapper: value, listKey: value }));
}
