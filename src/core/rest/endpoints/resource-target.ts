import { isPlainObject } from '../../plain-object.js';

/**
 * A URL or path (`'/users/PABC123'`), or a resource object with a `self` URL, as the API
 * returns them (`{ id: 'PABC123', type: 'user', self: 'https://api.pagerduty.com/users/PABC123' }`).
 */
export type ResourceTarget = string | ResourceObject;

/** A resource object standing for its URL: anything with a `self` URL, as the API returns resources. */
export interface ResourceObject {
  /** The resource's own API URL. */
  readonly self?: string | null;
}

export function targetUrl(
  target: ResourceTarget,
  acceptObjects: boolean,
  method: string,
  fail: (message: string) => Error,
): string {
  if (typeof target === 'string') return target;
  if (!isPlainObject(target)) throw fail(`${method} needs a URL or a resource object, got ${describe(target)}`);
  if (!acceptObjects) throw fail(`${method} needs a URL; this client does not accept a resource object in its place`);
  const self = target.self;
  if (typeof self !== 'string' || self === '') {
    throw fail(`the object passed to ${method} in place of a URL has no "self" URL`);
  }
  return self;
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
