/**
 * The check of one request's options, called where they are first copied, before a
 * string would be spread into an object of its characters.
 *
 * @module
 */
import { REQUEST_OPTION_NAMES } from './client-options.js';
import { checkOptionNames } from './option-names.js';

/**
 * @throws TypeError for options that are not an object or have an unknown key
 * @example
 * ```ts
 * checkRequestOptions({ include: ['teams'] }); // TypeError: unknown request option "include"; query parameters go in params ...
 * ```
 */
export function checkRequestOptions(options: unknown): void {
  checkOptionNames('request', options, REQUEST_OPTION_NAMES, REQUEST_HINT);
}

// `rget(path, { include: [...] })` is the usual slip: the query belongs under `params`.
const REQUEST_HINT =
  'query parameters go in params ({ params: { ... } }); the request options are ' +
  Object.keys(REQUEST_OPTION_NAMES).join(', ');
