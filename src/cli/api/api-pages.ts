/**
 * `pagerduty api --paginate`: every item of an index, one JSON object per line, or what
 * `--jq` makes of them; `--limit N` stops after N items and cancels the reads in flight.
 *
 * @module
 */
import type { JqRunner } from './jq-filter.js';

/** The page size the API allows at most, and the one `--paginate` asks for. */
export const MAX_PAGE_SIZE = 100;

/** How `--paginate` reads and prints. */
export interface PagePrinting {
  /** Stop after this many items (`--limit`). */
  readonly limit?: number;
  /** The `--jq` filter, run once per page on its items. */
  readonly jq?: JqRunner;
  /** Print nothing (`--silent`). */
  readonly silent?: boolean;
}

/**
 * The page size to ask for: a limit under a page asks for no more than it needs.
 *
 * @example
 * ```ts
 * pageSizeFor(5);         // 5
 * pageSizeFor(undefined); // 100
 * ```
 */
export function pageSizeFor(limit: number | undefined): number {
  return limit === undefined ? MAX_PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE);
}

/**
 * Prints the items `items` yields until it ends or `limit` (at least 1) items are out.
 * Leaving the loop early ends the iterator, which cancels the page requests still in
 * flight. Without a filter each item is printed as it comes; with one, items go to jq a
 * page's worth at a time (or what is left at the end): one jq run per page, not per item.
 *
 * @returns how many items were read
 */
export async function printItems(
  items: AsyncIterable<unknown>,
  printing: PagePrinting,
  write: (line: string) => void,
): Promise<number> {
  const { limit, jq, silent } = printing;
  // Without a filter each item is printed as it comes; jq gets a page's worth at a time.
  const batchSize = jq ? pageSizeFor(limit) : 1;
  let batch: string[] = [];
  const flush = (): void => {
    const lines = jq ? jq(batch) : batch;
    if (!silent) for (const line of lines) write(`${line}\n`);
    batch = [];
  };
  let count = 0;
  for await (const item of items) {
    batch.push(JSON.stringify(item));
    count += 1;
    if (batch.length >= batchSize) flush();
    if (count === limit) break;
  }
  flush();
  return count;
}
