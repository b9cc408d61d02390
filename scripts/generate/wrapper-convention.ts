// The classic entity-wrapper convention, as the client applies it at run time
// (src/core/rest/endpoints/entity-wrappers.ts: singularName, inferEntityWrapper). The generator needs
// it to keep in ENTITY_WRAPPER_CONFIG only the endpoints the convention gets wrong; a test
// checks that both copies agree on every canonical path.

/**
 * The singular of a collection name: `ies` becomes `y`, otherwise every trailing `s` is
 * removed (`statuses` gives `statuse`, which the table then corrects).
 */
export function singularName(name: string): string {
  return name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s+$/, '');
}

/**
 * The wrapper the convention gives an endpoint: the singular of the second-to-last segment
 * when the last is a placeholder; the singular of the last segment for POST; otherwise the
 * last segment itself.
 *
 * @param path - a canonical path
 */
export function inferEntityWrapper(method: string, path: string): string {
  const nodes = path.split('/');
  const last = nodes[nodes.length - 1];
  if (isPlaceholder(last)) return singularName(nodes[nodes.length - 2] ?? '');
  if (method.toUpperCase() === 'POST') return singularName(last);
  return last;
}

/**
 * Whether a path segment is a `{placeholder}`.
 */
export function isPlaceholder(segment: string): boolean {
  return segment.length > 2 && segment.startsWith('{') && segment.endsWith('}');
}
