import type { RequestContext, ResponseDetails } from '../../errors/failure-details.js';
import { unwrapBody } from '../endpoints/entity-wrappers.js';
import type { FetchedPage } from './pages.js';

export type PageReading =
  | { readonly ok: true; readonly page: FetchedPage; readonly problem?: string }
  | { readonly ok: false; readonly detail: string; readonly missingKey: boolean };

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

export function pageOrThrow(
  read: PageReading,
  wrapper: string,
  refuse: (detail: string, facts?: ResponseDetails) => Error,
  context?: RequestContext,
): FetchedPage {
  if (!read.ok)
    throw refuse(read.detail, read.missingKey ? { ...context, reason: 'missing-key', expected: wrapper } : context);
  return read.problem === undefined ? read.page : { ...read.page, failure: refuse(`whose ${read.problem}`, context) };
}
