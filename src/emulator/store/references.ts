/**
 * How resources point at each other: full URLs and `*_reference` objects.
 *
 * @module
 */
import type { Reference, ResourceBase } from './resources.js';

/** The full URL of a resource: `<base>/<collection>/<id>`. */
export function selfUrl(baseUrl: string, collection: string, id: string): string {
  return `${baseUrl}/${collection}/${id}`;
}

/**
 * A reference to a resource: same `id`, `summary`, `self` and `html_url`, type
 * `<type>_reference`.
 *
 * @example
 * ```ts
 * reference(user); // { id: 'PABC123', type: 'user_reference', summary: 'Ada', self: '...', html_url: '...' }
 * ```
 */
export function reference(resource: ResourceBase): Reference {
  return {
    id: resource.id,
    type: `${resource.type}_reference`,
    summary: resource.summary,
    self: resource.self,
    html_url: resource.html_url,
  };
}
