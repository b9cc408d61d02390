import { PaginationCycleError } from '../../errors/error-classes.js';
import type { FetchedPage } from './pages.js';

export type NextToken<T extends string | number = string> = (
  body: Readonly<Record<string, unknown>>,
  sent?: T,
) => T | null;

// A token equal to the one just sent ends the series (the page would repeat forever); one seen earlier is a
// cycle (A, B, A, ...) that no page ends, so it fails, naming the endpoint.
export async function* tokenPages<T extends string | number = string>(
  fetchPage: (token: T | undefined) => Promise<FetchedPage>,
  nextToken: NextToken<T>,
  first?: T,
  endpoint = 'the listing',
): AsyncGenerator<FetchedPage, void, undefined> {
  let token = first;
  const seen = new Set<T>();
  for (;;) {
    const page = await fetchPage(token);
    yield page;
    const next = nextToken(page.body, token);
    if (next === null || next === token) return;
    if (token !== undefined) seen.add(token);
    if (seen.has(next)) throw new PaginationCycleError(endpoint, String(next), seen.size + 1);
    token = next;
  }
}

// A numeric cursor is followed as its text, as the predecessors sent whatever the API gave.
export const nextCursor: NextToken = (body) => {
  const value = body.next_cursor;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return nonEmptyString(value);
};

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
