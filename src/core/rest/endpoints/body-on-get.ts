/**
 * The check that a GET carries no body.
 *
 * @module
 */
import type { RequestOptions } from '../../client/api-client.js';
import { upperMethod } from '../../client/client-options.js';

/**
 * Refuses, before any request, a body on a GET: node-fetch would fail such a request with
 * a `TypeError` of its own that says neither which call it was nor what to do instead.
 *
 * @param name - the public method, named in the error (`'rget'`)
 * @throws TypeError when the method is GET and `init` has `json`, `extraFields`, `form` or `body`
 *
 * @example
 * ```ts
 * refuseBodyOnGet('GET', 'rget', { json: { name: 'x' } }); // TypeError: rget: a GET request has no body ...
 * refuseBodyOnGet('GET', 'rget', { params: { name: 'x' } }); // fine
 * ```
 */
export function refuseBodyOnGet(method: string, name: string, init: RequestOptions | undefined): void {
  if (init === undefined || upperMethod(method) !== 'GET') return;
  // `json: null` is a body (the JSON text `null`); `body: null` is fetch's way to say none.
  const given = (['json', 'extraFields', 'form', 'body'] as const).filter(
    (key) => init[key] !== undefined && !(key === 'body' && init.body === null),
  );
  if (given.length > 0) {
    throw new TypeError(
      `${name}: a GET request has no body, but ${given.map((key) => `\`${key}\``).join(' and ')} was given; ` +
        'pass query parameters as `params`',
    );
  }
}
