/**
 * Reading one page out of a decoded index body: the list under its wrapper, and what is
 * wrong with a body that has none.
 *
 * @module
 */
import type { RequestContext, ResponseFacts } from '../../errors/failure-facts.js';
import { unwrapBody } from '../endpoints/body-wrapping.js';
import type { FetchedPage } from './pages.js';

/**
 * The outcome of {@link readPage}: the page (and, in `problem`, what about it still leaves
 * its items usable), or why the body is no page (`missingKey`: it lacks the wrapper).
 */
export type PageReading =
  | { readonly ok: true; readonly page: FetchedPage; readonly problem?: string }
  | { readonly ok: false; readonly detail: string; readonly missingKey: boolean };

/**
 * The page in a decoded body: the body and the list under `wrapper`. The `detail` of a
 * refusal follows "API responded with a page ".
 *
 * @param check - names a problem with the body that still leaves its items usable
 * @example
 * ```ts
 * readPage({ users: [{ id: 'P1' }], more: false }, 'users'); // { ok: true, page: { body, items: [{ id: 'P1' }] } }
 * readPage({ users: 'none' }, 'users'); // { ok: false, detail: 'whose "users" is not a list', missingKey: false }
 * ```
 */
export function readPage(
  body: unknown,
  wrapper: string,
  check?: (body: Readonly<Record<string, unknown>>) => string | undefined,
): PageReading {
  const unwrapped = unwrapBody(body, wrapper);
  if (!unwrapped.ok) return { ok: false, detail: `that ${unwrapped.problem}`, missingKey: true };
  if (!Array.isArray(unwrapped.value))
    return { ok: false, detail: `whose "${wrapper}" is not a list`, missingKey: false };
  const page = { body: body as Readonly<Record<string, unknown>>, items: unwrapped.value };
  const problem = check?.(page.body);
  return problem === undefined ? { ok: true, page } : { ok: true, page, problem };
}

/**
 * The page of a reading, or throws the refusal of a body that is no page (its facts say
 * `missing-key` when the wrapper is missing). A page with a `problem` carries its refusal
 * as `failure`, to be thrown once its items are out.
 *
 * @param refuse - builds (does not throw) the error for a `detail` that follows "API responded with a page "
 * @param context - what the calling method is doing, for the facts of the errors
 * @example
 * ```ts
 * pageOrThrow(readPage(body, 'users'), 'users', (detail) => new Error(`API responded with a page ${detail}`));
 * ```
 */
export function pageOrThrow(
  read: PageReading,
  wrapper: string,
  refuse: (detail: string, facts?: ResponseFacts) => Error,
  context?: RequestContext,
): FetchedPage {
  if (!read.ok)
    throw refuse(read.detail, read.missingKey ? { ...context, reason: 'missing-key', expected: wrapper } : context);
  return read.problem === undefined ? read.page : { ...read.page, failure: refuse(`whose ${read.problem}`, context) };
}
