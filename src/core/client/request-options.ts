import { REQUEST_OPTION_NAMES } from './client-options.js';
import { checkOptionNames } from './option-names.js';

export function checkRequestOptions(options: unknown): void {
  checkOptionNames('request', options, REQUEST_OPTION_NAMES, REQUEST_HINT);
}

// `rget(path, { include: [...] })` is the usual slip: the query belongs under `params`.
const REQUEST_HINT =
  'query parameters go in params ({ params: { ... } }); the request options are ' +
  Object.keys(REQUEST_OPTION_NAMES).join(', ');
