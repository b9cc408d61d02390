/**
 * What REST handlers share: unwrapping request bodies, the 404 for a missing resource,
 * and the classic-paginated list answer.
 *
 * @module
 */
import { classicPage, classicRequest } from '../queries/pagination.js';
import { fail, invalidInput, notFound, ok, type Reply } from '../server/replies.js';
import { isPlainObject } from '../../core/plain-object.js';

/**
 * The object under `key` of a wrapped body (`{ user: {...} }`).
 *
 * @throws ReplyError 400 when the body is not wrapped so
 */
export function unwrapObject(body: unknown, key: string): Record<string, unknown> {
  const inner = isPlainObject(body) ? body[key] : undefined;
  if (!isPlainObject(inner))
    fail(invalidInput(`The request body must be a JSON object with the key "${key}" holding an object`));
  return inner;
}

/**
 * The resource, or a 404 answer thrown.
 *
 * @throws ReplyError 404 when `item` is undefined
 */
export function found<T>(item: T | undefined, what: string): T {
  if (item === undefined) fail(notFound(what));
  return item;
}

/**
 * The classic-paginated list answer `{ <wrapper>: [...], limit, offset, more, total }`.
 *
 * @throws ReplyError 400 for bad pagination parameters (see `classicRequest`)
 */
export function classicList<T>(
  wrapper: string,
  items: readonly T[],
  query: URLSearchParams,
  view: (item: T) => unknown = (item) => item,
): Reply {
  const page = classicPage(items, classicRequest(query));
  return ok({
    [wrapper]: page.items.map(view),
    limit: page.limit,
    offset: page.offset,
    more: page.more,
    total: page.total,
  });
}

/** Checks an optional string field; returns the reason when it is not a non-empty string. */
export function stringField(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' && value.trim() !== '' ? undefined : `${name} must be a non-empty string`;
}
