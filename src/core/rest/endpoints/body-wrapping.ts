import type { EntityWrapper } from './table-types.js';
import { isPlainObject } from '../../plain-object.js';
import { mergeExtraFields } from '../../request/extra-options.js';

/** The outcome of {@link unwrapBody}: the entity, or why the body has no such wrapper. */
export type UnwrapResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly problem: string };

// An entity already in its wrapper goes out as it is; `'has-key'` is the predecessor's looser test.
export function wrapBody(
  json: unknown,
  wrapper: EntityWrapper,
  wrappedWhen: 'only-key' | 'has-key' = 'only-key',
): unknown {
  if (wrapper === null) return json;
  if (
    isPlainObject(json) &&
    Object.hasOwn(json, wrapper) &&
    (wrappedWhen === 'has-key' || Object.keys(json).length === 1)
  )
    return json;
  return { [wrapper]: json };
}

export function wrapBodyWithFields(
  json: unknown,
  extraFields: Readonly<Record<string, unknown>> | undefined,
  wrapper: EntityWrapper,
  wrappedWhen: 'only-key' | 'has-key',
  what: string,
): unknown {
  if (extraFields === undefined) return wrapBody(json, wrapper, wrappedWhen);
  if (json === undefined) return wrapBody(mergeExtraFields(undefined, extraFields, what), wrapper, wrappedWhen);
  const wrapped = wrapBody(json, wrapper, wrappedWhen);
  if (wrapper !== null && isPlainObject(wrapped) && Object.hasOwn(wrapped, wrapper)) {
    return { ...wrapped, [wrapper]: mergeExtraFields(wrapped[wrapper], extraFields, what) };
  }
  return mergeExtraFields(wrapped, extraFields, what);
}

export function unwrapBody(body: unknown, wrapper: EntityWrapper): UnwrapResult {
  if (wrapper === null) return { ok: true, value: body };
  const expected = `expected the response body to be an object with the key "${wrapper}"`;
  if (!isPlainObject(body)) {
    const type = body === null ? 'null' : Array.isArray(body) ? 'an array' : typeof body;
    return { ok: false, problem: `${expected}, but it is ${type}` };
  }
  if (!Object.hasOwn(body, wrapper)) {
    const keys = Object.keys(body);
    const listed = keys.length > 0 ? truncate(keys.join(', ')) : '(none)';
    return { ok: false, problem: `${expected}, but its keys are: ${listed}` };
  }
  return { ok: true, value: body[wrapper] };
}

function truncate(text: string, length = 200): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
