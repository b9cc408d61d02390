/**
 * Pagination by a token that each page hands to the next: cursor pagination
 * (`next_cursor` -> `cursor`), SCIM's `startIndex` (in `scim/`), and the two endpoints with their own style
 * (`POST /analytics/raw/incidents`: `last` -> `starting_after`;
 * `GET /alert_grouping_settings`: `after` -> `after`).
 *
 * @module
 */
import type { FetchedPage } from './pages.js';

/**
 * Reads the token for the next page from a body (and the token that asked for it);
 * `null` when this was the last page.
 *
 * @typeParam T - the token: a string (cursors), or a number (SCIM's `startIndex`)
 */
export type NextToken<T extends string | number = string> = (
  body: Readonly<Record<string, unknown>>,
  sent?: T,
) => T | null;

/**
 * Yields every page, one at a time, until a page gives no next token. A token equal to
 * the one just sent also stops the loop, since following it would repeat the same page
 * forever.
 *
 * @param fetchPage - requests the page for a token (`first` for the first page)
 * @param nextToken - reads the next token from a page's body
 * @param first - the token of the first page (`undefined`: the first page takes none)
 */
export async function* tokenPages<T extends string | number = string>(
  fetchPage: (token: T | undefined) => Promise<FetchedPage>,
  nextToken: NextToken<T>,
  first?: T,
): AsyncGenerator<FetchedPage, void, undefined> {
  let token = first;
  for (;;) {
    const page = await fetchPage(token);
    yield page;
    const next = nextToken(page.body, token);
    if (next === null || next === token) return;
    token = next;
  }
}

/**
 * Cursor pagination: the next page's `cursor` is the body's `next_cursor`. A number is
 * followed as its decimal text (the predecessors sent whatever the API gave); `null`,
 * absent, `false` and `''` end the series. Anything else is refused by {@link cursorProblem}
 * before this is asked, so a series never ends silently on a cursor it could not read.
 */
export const nextCursor: NextToken = (body) => {
  const value = body.next_cursor;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return nonEmptyString(value);
};

/**
 * Why a page's `next_cursor` cannot be followed (`undefined` when it can, or when it ends
 * the series): it is neither a string, a finite number, nor absent, `null` or `false`.
 *
 * @example
 * ```ts
 * cursorProblem({ next_cursor: { page: 2 } }); // 'next_cursor is an object, neither a string nor a number'
 * cursorProblem({ next_cursor: 42 }); // undefined (followed as '42')
 * ```
 */
export function cursorProblem(body: Readonly<Record<string, unknown>>): string | undefined {
  const value = body.next_cursor;
  if (value === undefined || value === null || value === false || typeof value === 'string') return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return undefined;
  const what = Array.isArray(value)
    ? 'a list'
    : typeof value === 'number'
      ? String(value)
      : typeof value === 'object'
        ? 'an object'
        : String(value);
  return `next_cursor is ${what}, neither a string nor a number, so the next page cannot be requested`;
}

/** `POST /analytics/raw/incidents`: while `more`, the next `starting_after` is `last`. */
export const nextAnalyticsStart: NextToken = (body) => (body.more === true ? nonEmptyString(body.last) : null);

/** `GET /alert_grouping_settings`: the next page's `after` is the body's `after`. */
export const nextAlertGroupingAfter: NextToken = (body) => nonEmptyString(body.after);

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
