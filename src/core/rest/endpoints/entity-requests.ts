import type { RequestOptions } from '../../client/api-client.js';
import { wrapBodyWithFields } from './body-wrapping.js';

export function withWrappedBody(
  init: RequestOptions,
  wrapper: string | null,
  wrappedWhen: 'only-key' | 'has-key',
  name: string,
): RequestOptions {
  if (init.json === undefined && init.extraFields === undefined) return init;
  const { extraFields, ...rest } = init;
  return { ...rest, json: wrapBodyWithFields(init.json, extraFields, wrapper, wrappedWhen, name) };
}

export function hasBody(init: RequestOptions | undefined): init is RequestOptions {
  return init !== undefined && (init.json !== undefined || init.extraFields !== undefined);
}
