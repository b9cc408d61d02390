import type { FetchResponse } from '../../platform/fetch-types.js';
import { isPlainObject } from '../../plain-object.js';
import { unwrapBody } from '../endpoints/entity-wrappers.js';
import type { QueryParams } from '../../request/query.js';

/** One page as the client fetched it: the decoded body and the list inside its wrapper. */
export interface FetchedPage {
  /** The whole decoded body (pagination fields such as `more`, `next_cursor`, `total`). */
  readonly body: Readonly<Record<string, unknown>>;
  /** The entities of the page. */
  readonly items: readonly unknown[];
  /**
   * The error to throw once this page's items are out, when the page is good but says
   * nothing usable about the next one (a `next_cursor` that is neither a string nor a number).
   */
  readonly failure?: Error;
  /** The response the page was read from (its body read), for `withResponse.pages`. */
  readonly response?: FetchResponse;
}

/**
 * Called for each item an iterator yields, before it is yielded, for progress reports.
 *
 * @param item - the item
 * @param count - its position in the whole series, from 1
 * @param total - the total the API reported (classic pagination with `total: true`), else
 *   `null` (a legacy session at `compat` 5.0.0 or later passes `'?'`, as pdpyras did)
 */
export type ItemHook<T> = (item: T, count: number, total: number | null) => void;

/** What an item hook receives when the API reported no total (the policy's `unknownTotal`). */
export type UnknownTotal = null | '?';

type AnyTotalHook<T> = (item: T, count: number, total: number | UnknownTotal) => void;

/** The total a page reports (classic pagination with `total=true`), else `null`. */
export function reportedTotal(page: FetchedPage): number | null {
  return typeof page.body.total === 'number' ? page.body.total : null;
}

export async function* itemsOf<T>(
  pages: AsyncIterable<FetchedPage>,
  itemHook?: ItemHook<T>,
  unknownTotal: UnknownTotal = null,
): AsyncGenerator<T, void, undefined> {
  const hook = itemHook as AnyTotalHook<T> | undefined;
  let count = 0;
  for await (const page of pages) {
    const total = reportedTotal(page) ?? unknownTotal;
    for (const item of page.items) {
      count += 1;
      hook?.(item as T, count, total);
      yield item as T;
    }
  }
}

/** Every item of a series of pages in one list (the hook is called for each, in order). */
export async function collectItems<T>(
  pages: AsyncIterable<FetchedPage>,
  itemHook?: ItemHook<T>,
  unknownTotal: UnknownTotal = null,
): Promise<T[]> {
  const items: T[] = [];
  for await (const item of itemsOf(pages, itemHook, unknownTotal)) items.push(item);
  return items;
}

// Keyed by API data, so with no prototype: an item named `__proto__` (or `toString`) is an own key like any
// other, and a key the API did not send is absent rather than inherited, as in pdpyras's dict.
// `undefined` when an item lacks the key: the caller words the error.
export function itemsByKey<T>(items: readonly unknown[], by: string): Record<string, T> | undefined {
  const keyed = Object.create(null) as Record<string, T>;
  for (const item of items) {
    const key = isPlainObject(item) ? item[by] : undefined;
    if (key === undefined || key === null) return undefined;
    keyed[String(key)] = item as T;
  }
  return keyed;
}

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

/** How {@link wholeListPages} asks. */
export interface WholeListOptions {
  /** The caller's query parameters; a `limit` among them wins over `pageSize`. */
  readonly params: QueryParams;
  /** The `limit` sent when `sendLimit` (the index takes one) and `params` has none. */
  readonly pageSize: number;
  /** Whether the index takes a `limit` parameter. */
  readonly sendLimit: boolean;
  /** `'GET /sre_agent/memories'`, for messages. */
  readonly endpoint: string;
  /** Where the warning about a full page goes. */
  readonly warn: (message: string) => void;
}

// A page as long as the `limit` sent may not be the whole list; nothing more can be asked, so it warns.
export async function* wholeListPages(
  fetchPage: (params: QueryParams) => Promise<FetchedPage>,
  options: WholeListOptions,
): AsyncGenerator<FetchedPage, void, undefined> {
  const { params, pageSize, sendLimit, endpoint, warn } = options;
  const query: QueryParams = sendLimit ? { limit: pageSize, ...params } : params;
  const page = await fetchPage(query);
  yield page;
  if (sendLimit && page.items.length >= Number(query.limit)) {
    warn(
      `${endpoint} answered a full page (${page.items.length} items, the limit sent) and has no way to ask for the ` +
        'next one, so the list may be incomplete: narrow the query with filters.',
    );
  }
}
