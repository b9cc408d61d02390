/**
 * The wrapper convention applied to a URL's own segments ("nodes"), without a table of
 * canonical paths: the predecessor's rule before its 5.0.0 (the `'convention'` policy).
 * Nodes alternate between a collection name and an id, so an odd number of nodes is an
 * index (`/users`, `/users/PABC/contact_methods`) and an even number a single resource
 * (`/users/PABC`, `/users/me`). Every function here is pure.
 *
 * @module
 */
import { singularName, type EntityWrapperPair } from './entity-wrappers.js';

/**
 * The collection-and-id shapes a PUT may update many records of at once; their body is
 * wrapped in the plural name (`{ incidents: [...] }`). Written as the predecessor tokenized
 * them: a collection name, `{id}` for an id node, and the kind of the last node.
 */
const MULTI_UPDATE_TOKENS: readonly string[] = Object.freeze([
  'incidents/{index}',
  'incidents/{id}/alerts/{index}',
  'priorities/{index}',
]);

/**
 * The nodes of a URL path (`'/users/PABC'` -> `['users', 'PABC']`), or `null` when the
 * path has none or an empty one (`//`, a trailing `/`), which the rule cannot classify.
 */
export function urlPathNodes(path: string): string[] | null {
  const trimmed = path.startsWith('/') ? path.slice(1) : path;
  const nodes = trimmed.split('/');
  return nodes.length === 0 || nodes.includes('') ? null : nodes;
}

/** Whether nodes name an index (an odd number of them) rather than one resource. */
export function isIndexNodes(nodes: readonly string[]): boolean {
  return nodes.length % 2 === 1;
}

/**
 * The predecessor's tokens of a path: the first node; for three nodes or more, `{id}` and
 * the third node; then `{index}` or `{id}` for the kind of the last node. Deeper nodes are
 * not looked at (no endpoint of that API nests further).
 *
 * @example
 * ```ts
 * pathTokens(['users', 'PABC', 'contact_methods']); // ['users', '{id}', 'contact_methods', '{index}']
 * pathTokens(['users', 'me']); // ['users', '{id}']
 * ```
 */
export function pathTokens(nodes: readonly string[]): string[] {
  const tokens = [nodes[0]];
  if (nodes.length >= 3) tokens.push('{id}', nodes[2]);
  tokens.push(isIndexNodes(nodes) ? '{index}' : '{id}');
  return tokens;
}

/**
 * The `[requestWrapper, responseWrapper]` of a request by this rule (both the same): the
 * resource name (the last collection named among the tokens) for a GET of an index or a
 * multi-update PUT, its singular otherwise (`GET /users/me` -> `user`, `POST /users` ->
 * `user`, `PUT /incidents` -> `incidents`).
 *
 * @example
 * ```ts
 * nodeConventionWrappers('GET', ['users', 'me']); // ['user', 'user']
 * nodeConventionWrappers('GET', ['services']); // ['services', 'services']
 * ```
 */
export function nodeConventionWrappers(method: string, nodes: readonly string[]): EntityWrapperPair {
  const tokens = pathTokens(nodes);
  const resource = tokens[tokens.length - 2];
  const verb = method.toUpperCase();
  const plural =
    (verb === 'GET' && isIndexNodes(nodes)) || (verb === 'PUT' && MULTI_UPDATE_TOKENS.includes(tokens.join('/')));
  const wrapper = plural ? resource : singularName(resource);
  return [wrapper, wrapper];
}
