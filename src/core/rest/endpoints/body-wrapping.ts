/**
 * Putting an entity into its wrapper for a request, and taking it out of a response.
 * Both build new values; the caller's objects are never changed.
 *
 * @module
 */
import type { EntityWrapper } from './table-types.js';
import { isPlainObject } from '../../plain-object.js';
import { mergeExtraFields } from '../../request/extra-options.js';

/** The outcome of {@link unwrapBody}: the entity, or why the body has no such wrapper. */
export type UnwrapResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly problem: string };

/**
 * The request body to send: `{ [wrapper]: json }`, unless there is no wrapper or `json`
 * is already wrapped: an object whose one key is the wrapper, or with `wrappedWhen`
 * `'has-key'` any object holding that key (the predecessor's test).
 *
 * @example
 * ```ts
 * wrapBody({ name: 'Ann' }, 'user'); // { user: { name: 'Ann' } }
 * wrapBody({ user: { name: 'Ann' } }, 'user'); // unchanged (same object)
 * wrapBody([{ id: 'P1' }], 'incidents'); // { incidents: [{ id: 'P1' }] }
 * wrapBody({ user: { name: 'Ann' }, extra: 1 }, 'user', 'has-key'); // unchanged
 * ```
 */
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

/**
 * {@link wrapBody} with `extraFields` (body fields the description does not declare) added
 * to the entity: inside the wrapper when there is one, else at the top of the body. With
 * no `json`, the fields are the entity.
 *
 * @param what - the public method, named in errors
 * @throws TypeError when the entity is not an object (a list, for a multi-update) or a field is in both
 * @example
 * ```ts
 * wrapBodyWithFields({ name: 'Web' }, { beta: true }, 'service', 'only-key', 'rpost'); // { service: { name: 'Web', beta: true } }
 * wrapBodyWithFields({ service: { name: 'Web' } }, { beta: true }, 'service', 'only-key', 'rput'); // { service: { name: 'Web', beta: true } }
 * ```
 */
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

/**
 * The entity inside a decoded response body: `body[wrapper]`, or the body itself when
 * there is no wrapper. A body that is not an object, or lacks the key, is a problem
 * described by naming the expected key and the keys (or type) the body had.
 */
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
