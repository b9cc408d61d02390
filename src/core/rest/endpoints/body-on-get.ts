import type { RequestOptions } from '../../client/api-client.js';
import { upperMethod } from '../../client/client-options.js';

// node-fetch would refuse a GET with a body by a TypeError that names neither the call nor the fix.
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
