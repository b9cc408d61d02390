// The type-level tables of one API, as TypeScript source: for each canonical path and
// method, the types of its query, request body and success body (indexed accesses into the
// openapi-typescript `paths`), with the wrappers and list key that the runtime tables use
// (taken from rest-facts' operations, so types and runtime agree); the canonical paths as a
// tree of segments for matching literal paths; the paths grouped by their number of literal
// segments (the most literal match wins); and the paths each method offers for completion.
//
// Lookup maps keyed by canonical path, not conditional types over the whole API: a call
// costs a walk down a few tree levels and one indexed access, whatever the API's size.
import { resolvePointer } from './openapi-types.js';
import type { JsonNode } from './openapi-schema.js';

/** An operation as the endpoint map takes it: `path` is canonical, `describedPath` the description's. */
export interface EndpointOperation {
  method: string;
  path: string;
  describedPath?: string;
  requestWrapper: string | null;
  responseWrapper: string | null;
  listKey: string | null;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** The keys of the route tree that no path segment can equal (a segment has no `/`). */
export const ROUTE_END = '/';
export const ROUTE_PLACEHOLDER = '/*';

const str = (value: JsonNode) => `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function isPlaceholder(segment: string) {
  return segment.length > 2 && segment.startsWith('{') && segment.endsWith('}');
}

export function splitPath(path: string) {
  const trimmed = path.replace(/^\//, '').replace(/\/$/, '');
  return trimmed === '' ? [] : trimmed.split('/');
}

function deref(document: JsonNode, node: JsonNode) {
  const seen = new Set();
  while (node && typeof node.$ref === 'string' && !seen.has(node.$ref)) {
    seen.add(node.$ref);
    node = resolvePointer(document, node.$ref);
  }
  return node;
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json$/;

/** What the description says an operation sends and answers, as type expressions. */
function operationTypes(extract: JsonNode, descriptionPath: string, method: string) {
  const pathItem = extract.paths[descriptionPath];
  const operation = pathItem[method.toLowerCase()];
  const at = `paths[${str(descriptionPath)}][${str(method.toLowerCase())}]`;
  const types: Record<string, JsonNode> = {};
  const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => deref(extract, p));
  if (parameters.some((parameter) => parameter?.in === 'query'))
    types.query = `NonNullable<${at}['parameters']['query']>`;
  const requestBody = deref(extract, operation.requestBody);
  const requestMedia = Object.keys(requestBody?.content ?? {}).find((media) => JSON_MEDIA.test(media));
  if (requestMedia) types.body = `NonNullable<${at}['requestBody']>['content'][${str(requestMedia)}]`;
  const successes = Object.entries(operation.responses ?? {}).filter(([status]) => /^2(?:\d\d|XX)$/i.test(status));
  const bodies = [];
  let empty = false;
  for (const [status, reference] of successes) {
    const content = deref(extract, reference)?.content;
    const media = Object.keys(content ?? {}).find((type) => JSON_MEDIA.test(type));
    const key = /^\d+$/.test(status) ? status : str(status);
    if (media) bodies.push(`${at}['responses'][${key}]['content'][${str(media)}]`);
    else if (!content || Object.keys(content).length === 0) empty = true;
  }
  if (bodies.length > 0) types.response = [...bodies, ...(empty ? ['null'] : [])].join(' | ');
  else if (empty) types.response = 'null';
  return types;
}

/** Nested object-type source of a route tree. */
function routeSource(node: JsonNode, indent: number): string {
  const pad = '  '.repeat(indent);
  const entries = Object.keys(node)
    .sort()
    .map((key) => {
      const value = node[key];
      return `${pad}  ${str(key)}: ${typeof value === 'string' ? str(value) : routeSource(value, indent + 1)};`;
    });
  return `{\n${entries.join('\n')}\n${pad}}`;
}

function union(values: JsonNode) {
  return values.length === 0 ? 'never' : values.map(str).join(' | ');
}

const SEGMENT_LEGEND = "(`'/*'`: a placeholder, `'/'`: the path ending here)";

/**
 * The endpoint map of one API.
 *
 * @param options.name - the prefix of the exported names (`RestApiV2`)
 * @param options.title - the API's name in the TSDoc (`REST API v2`)
 * @param options.openapiModule - the module with the openapi-typescript `paths` (`./rest-api-v2-openapi.js`)
 * @param options.extract - the facts-only extract
 * @param options.operations - the operations: `path` is the canonical path (relative to the
 *   client's base URL), `describedPath` the description's path when it differs
 * @param options.basePath - the path of the client's base URL (for absolute URLs)
 * @param options.pathsWithoutOperations - canonical paths the description lists without any
 *   operation: they match URLs (and so keep them from a less literal path) but type nothing
 */
export function endpointMapSource({
  name,
  title,
  openapiModule,
  extract,
  operations,
  basePath = '',
  pathsWithoutOperations = [],
}: {
  name: string;
  title: string;
  openapiModule: string;
  extract: JsonNode;
  operations: readonly EndpointOperation[];
  basePath?: string;
  pathsWithoutOperations?: readonly string[];
}): string {
  const endpoints = new Map();
  const routes: Record<string, JsonNode> = {};
  const hints = Object.fromEntries([...METHODS, 'INDEX'].map((key) => [key, new Set()]));
  for (const operation of operations) {
    const canonical = operation.path;
    const types = operationTypes(extract, operation.describedPath ?? operation.path, operation.method);
    const fields = [
      ...(types.query ? [`query: ${types.query};`] : []),
      ...(types.body ? [`body: ${types.body};`] : []),
      ...(types.response ? [`response: ${types.response};`] : []),
      // Absent: no wrapper, not a list.
      ...(operation.requestWrapper ? [`requestWrapper: ${str(operation.requestWrapper)};`] : []),
      ...(operation.responseWrapper ? [`responseWrapper: ${str(operation.responseWrapper)};`] : []),
      ...(operation.listKey ? [`listKey: ${str(operation.listKey)};`] : []),
    ];
    if (!endpoints.has(canonical)) endpoints.set(canonical, []);
    const body = fields.length === 0 ? '{}' : `{\n${fields.map((field) => `      ${field}`).join('\n')}\n    }`;
    endpoints.get(canonical).push(`    ${operation.method}: ${body};`);
    hints[operation.method].add(canonical);
    if (operation.method === 'GET' && operation.listKey) hints.INDEX.add(canonical);
  }
  const canonicalPaths = [...new Set([...endpoints.keys(), ...pathsWithoutOperations])];
  for (const canonical of canonicalPaths) {
    let node = routes;
    for (const segment of splitPath(canonical)) {
      const key = isPlaceholder(segment) ? ROUTE_PLACEHOLDER : segment;
      node[key] ??= {};
      node = node[key];
    }
    node[ROUTE_END] = canonical;
  }
  const tiers = new Map();
  for (const canonical of canonicalPaths) {
    const literals = splitPath(canonical).filter((segment: string) => !isPlaceholder(segment)).length;
    if (!tiers.has(literals)) tiers.set(literals, []);
    tiers.get(literals).push(canonical);
  }
  const tierSource = [...tiers.keys()]
    .sort((a, b) => b - a)
    .map((count) => `  ${union(tiers.get(count).sort())},`)
    .join('\n');
  const endpointSource = [...endpoints.keys()]
    .sort()
    .map((canonical) => `  ${str(canonical)}: {\n${endpoints.get(canonical).join('\n')}\n  };`)
    .join('\n');
  const hintSource = Object.entries(hints)
    .map(([key, paths]) => `  ${key}: ${union([...paths].sort())};`)
    .join('\n');
  return `import type { paths } from '${openapiModule}';

/**
 * The endpoints of the ${title} by canonical path and method: the types of the query
 * parameters, the JSON request body and the JSON success body (\`null\`: no body), and the
 * wrappers and list key the client's tables give them (absent: none).
 *
 * @hidden Too large for the documentation: open this file, or hover a call in an editor.
 */
export interface ${name}Endpoints {
${endpointSource}
}

/**
 * The canonical paths of the ${title} as a tree of path segments ${SEGMENT_LEGEND}.
 *
 * @hidden Too large for the documentation.
 */
export interface ${name}Routes ${routeSource(routes, 0)}

/**
 * The canonical paths of the ${title} grouped by their number of literal segments, most first.
 *
 * @hidden Too large for the documentation.
 */
export type ${name}PathTiers = [
${tierSource}
];

/**
 * The canonical paths of the ${title} with each method (\`INDEX\`: the lists that the iterators page through).
 *
 * @hidden Too large for the documentation.
 */
export interface ${name}PathHints {
${hintSource}
}

/** Everything the clients need to type calls to the ${title} from their paths. */
export interface ${name}Types {
  /** See \`${name}Routes\` (not in the documentation: open the generated file). */
  routes: ${name}Routes;
  /** See \`${name}Endpoints\` (not in the documentation: open the generated file). */
  endpoints: ${name}Endpoints;
  /** See \`${name}PathTiers\` (not in the documentation: open the generated file). */
  tiers: ${name}PathTiers;
  /** See \`${name}PathHints\` (not in the documentation: open the generated file). */
  hints: ${name}PathHints;
  /** The path of the client's base URL, which absolute URLs carry before the canonical path. */
  basePath: ${str(basePath.replace(/^\//, ''))};
}
`;
}
