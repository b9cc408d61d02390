/**
 * What the pagination loops exchange with the client that fetches their pages, and the
 * flattening of pages into items.
 *
 * @module
 */

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

/**
 * The items of a series of pages, calling the hook for each item just before it is
 * yielded (with `unknownTotal` when a page reports no total). An iterator of its own rather than an async generator: an item already in
 * memory is handed over in one resolved promise, without the generator's queue, which
 * costs more than the request per page on a large index. Calls to `next()` made while a
 * page is being fetched wait for it, in order; `return()` closes the pages (a concurrent
 * reader then aborts what it still has in flight).
 */
export function itemsOf<T>(
  pages: AsyncIterable<FetchedPage>,
  itemHook?: ItemHook<T>,
  unknownTotal: UnknownTotal = null,
): ItemIterator<T> {
  return new PageItems<T>(pages[Symbol.asyncIterator](), itemHook as AnyTotalHook<T> | undefined, unknownTotal);
}

/** An iterator over items whose `return()` is always there (it closes the pages). */
export interface ItemIterator<T> extends AsyncIterableIterator<T> {
  /** Stops the iteration and closes the pages (`value` is ignored). */
  return(value?: unknown): Promise<IteratorResult<T, undefined>>;
}

class PageItems<T> implements ItemIterator<T> {
  readonly #pages: AsyncIterator<FetchedPage>;
  readonly #itemHook: AnyTotalHook<T> | undefined;
  readonly #unknownTotal: UnknownTotal;
  #items: readonly unknown[] = [];
  #index = 0;
  #total: number | UnknownTotal = null;
  #count = 0;
  #done = false;
  #pending: Promise<IteratorResult<T, undefined>> | undefined;

  constructor(pages: AsyncIterator<FetchedPage>, itemHook: AnyTotalHook<T> | undefined, unknownTotal: UnknownTotal) {
    this.#pages = pages;
    this.#itemHook = itemHook;
    this.#unknownTotal = unknownTotal;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<T, undefined>> {
    if (this.#pending) {
      const after: Promise<IteratorResult<T, undefined>> = this.#pending.then(
        () => this.next(),
        () => this.next(),
      );
      return after;
    }
    if (this.#index < this.#items.length) return Promise.resolve(this.#take());
    if (this.#done) return Promise.resolve({ value: undefined, done: true });
    const pending = this.#nextPage().finally(() => {
      if (this.#pending === pending) this.#pending = undefined;
    });
    this.#pending = pending;
    return pending;
  }

  async return(): Promise<IteratorResult<T, undefined>> {
    await this.#pending?.catch(() => undefined);
    if (!this.#done) {
      this.#done = true;
      this.#items = [];
      await this.#pages.return?.();
    }
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<T, undefined>> {
    await this.return();
    throw error;
  }

  #take(): IteratorResult<T, undefined> {
    const item = this.#items[this.#index] as T;
    this.#index += 1;
    this.#count += 1;
    this.#itemHook?.(item, this.#count, this.#total);
    return { value: item, done: false };
  }

  async #nextPage(): Promise<IteratorResult<T, undefined>> {
    for (;;) {
      let result: IteratorResult<FetchedPage>;
      try {
        result = await this.#pages.next();
      } catch (error) {
        this.#done = true;
        throw error;
      }
      if (result.done) {
        this.#done = true;
        return { value: undefined, done: true };
      }
      this.#items = result.value.items;
      this.#index = 0;
      this.#total = reportedTotal(result.value) ?? this.#unknownTotal;
      if (this.#items.length > 0) return this.#take();
    }
  }
}

/** Every item of a series of pages in one list (the hook is called for each, in order). */
export async function collectItems<T>(
  pages: AsyncIterable<FetchedPage>,
  itemHook?: ItemHook<T>,
  unknownTotal: UnknownTotal = null,
): Promise<T[]> {
  const hook = itemHook as AnyTotalHook<T> | undefined;
  const items: T[] = [];
  for await (const page of pages) {
    const total = reportedTotal(page) ?? unknownTotal;
    for (const item of page.items) {
      items.push(item as T);
      hook?.(item as T, items.length, total);
    }
  }
  return items;
}
