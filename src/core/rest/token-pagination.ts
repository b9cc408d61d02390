/**
 * Pagination by a token that each page hands to the next: cursor pagination
 * (`next_cursor` -> `cursor`), and the two endpoints with their own style
 * (`POST /analytics/raw/incidents`: `last` -> `starting_after`;
 * `GET /alert_grouping_settings`: `after` -> `after`).
 *
 * @module
 */
import type { FetchedPage } from './pages.js';

/** Reads the token for the next page from a body; `null` when this was the last page. */
export type NextToken = (body: Readonly<Record<string, unknown>>) => string | null;

/**
 * Yields every page, one at a time, until a page gives no next token. A token equal to
 * the one just sent also stops the loop, since following it would repeat the same page
 * forever.
 *
 * @param fetchPage - requests the page for a token (`undefined` for the first page)
 * @param nextToken - reads the next token from a page's body
 */
export async function* tokenPages(
  fetchPage: (token: string | undefined) => Promise<FetchedPage>,
  nextToken: NextToken,
): AsyncGenerator<FetchedPage, void, undefined> {
  let token: string | undefined;
  for (;;) {
    const page = await fetchPage(token);
    yield page;
    const next = nextToken(page.body);
    if (next === null || next === token) return;
    token = next;
  }
}

/** Cursor pagination: the next page's `cursor` is the body's `next_cursor`. */
export const nextCursor: NextToken = (body) => nonEmptyString(body.next_cursor);

/** `POST /analytics/raw/incidents`: while `more`, the next `starting_after` is `last`. */
export const nextAnalyticsStart: NextToken = (body) => (body.more === true ? nonEmptyString(body.last) : null);

/** `GET /alert_grouping_settings`: the next page's `after` is the body's `after`. */
export const nextAlertGroupingAfter: NextToken = (body) => nonEmptyString(body.after);

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
