import { singularName, type EntityWrapperPair } from './entity-wrappers.js';

// The predecessor's rule before 5.0.0: segments alternate collection and id, so an odd count is an
// index (`/users/PABC/contact_methods`) and an even count one resource (`/users/me`).
const MULTI_UPDATE_TOKENS: readonly string[] = Object.freeze([
  'incidents/{index}',
  'incidents/{id}/alerts/{index}',
  'priorities/{index}',
]);

export function urlPathSegments(path: string): string[] | null {
  const trimmed = path.startsWith('/') ? path.slice(1) : path;
  const nodes = trimmed.split('/');
  return nodes.length === 0 || nodes.includes('') ? null : nodes;
}

/** Whether nodes name an index (an odd number of them) rather than one resource. */
export function isIndexSegments(nodes: readonly string[]): boolean {
  return nodes.length % 2 === 1;
}

export function pathTokens(nodes: readonly string[]): string[] {
  const tokens = [nodes[0]];
  if (nodes.length >= 3) tokens.push('{id}', nodes[2]);
  tokens.push(isIndexSegments(nodes) ? '{index}' : '{id}');
  return tokens;
}

export function segmentWrappers(method: string, nodes: readonly string[]): EntityWrapperPair {
  const tokens = pathTokens(nodes);
  const resource = tokens[tokens.length - 2];
  const verb = method.toUpperCase();
  const plural =
    (verb === 'GET' && isIndexSegments(nodes)) || (verb === 'PUT' && MULTI_UPDATE_TOKENS.includes(tokens.join('/')));
  const wrapper = plural ? resource : singularName(resource);
  return [wrapper, wrapper];
}
