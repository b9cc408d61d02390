import { REQUEST_OPTION_NAMES, type RequestOptions } from './client-options.js';
import { withExtras } from '../request/extra-options.js';
import { optionNamesProblem } from './option-names.js';

export function checkRequestOptions(options: unknown): void {
  // The usual call passes the check: the problem (and its hint) is worked out only for a key that fails it.
  if (typeof options === 'object' && options !== null && !Array.isArray(options)) {
    let known = true;
    for (const key in options) if (!Object.hasOwn(REQUEST_OPTION_NAMES, key)) known = false;
    if (known) return;
  }
  const problem = optionNamesProblem('request', options, REQUEST_OPTION_NAMES, REQUEST_HINT);
  if (problem !== undefined) throw problem;
}

// `rget(path, { include: [...] })` is the usual slip: the query belongs under `params`.
const REQUEST_HINT =
  'query parameters go in params ({ params: { ... } }); the request options are ' +
  Object.keys(REQUEST_OPTION_NAMES).join(', ');

const hasExtras = (options: RequestOptions): boolean => 'extraParams' in options || 'extraFields' in options;

/** The options checked, with `extraParams`/`extraFields` merged, as a copy. */
export function checkedCopy(options: RequestOptions | undefined): RequestOptions {
  checkRequestOptions(options);
  const given = options ?? {};
  return hasExtras(given) ? withExtras(given, 'request') : { ...given };
}

/** The options as `request` sends them when no public method of the client checked them: checked and merged. */
export function requestOptionsOnce(options: RequestOptions): RequestOptions {
  checkRequestOptions(options);
  return hasExtras(options) ? withExtras(options, 'request') : options;
}
