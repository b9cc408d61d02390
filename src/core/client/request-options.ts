import { REQUEST_OPTION_NAMES, type RequestOptions } from './client-options.js';
import { withExtras } from '../request/extra-options.js';
import { checkOptionNames } from './option-names.js';

export function checkRequestOptions(options: unknown): void {
  checkOptionNames('request', options, REQUEST_OPTION_NAMES, REQUEST_HINT);
}

// `rget(path, { include: [...] })` is the usual slip: the query belongs under `params`.
const REQUEST_HINT =
  'query parameters go in params ({ params: { ... } }); the request options are ' +
  Object.keys(REQUEST_OPTION_NAMES).join(', ');

// Marks a copy made by the one route of the higher-level methods, so `request` does not check it
// again. Not enumerable: an override never sees it, and a copy it makes is checked afresh.
const CHECKED: unique symbol = Symbol('pagerduty-client checked request options');
type Marked = RequestOptions & { readonly [CHECKED]?: true };

/** The options checked, with `extraParams`/`extraFields` merged, as a copy marked as checked. */
export function checkedCopy(options: RequestOptions | undefined): RequestOptions {
  checkRequestOptions(options);
  const copy = { ...withExtras(options ?? {}, 'request') };
  return Object.defineProperty(copy, CHECKED, { value: true, enumerable: false });
}

/** The options as `request` sends them: checked and merged once, whichever route they came by. */
export function requestOptionsOnce(options: RequestOptions): RequestOptions {
  if ((options as Marked)[CHECKED] === true) return options;
  checkRequestOptions(options);
  return withExtras(options, 'request');
}
