import { checkOptionNames, optionNamesProblem } from '../../client/option-names.js';
import type { QueryParams } from '../../request/query.js';
import type { DictAllOptions, IterAllOptions, IterCursorOptions } from '../rest-options.js';
import { DICT_ALL_OPTION_NAMES, ITER_ALL_OPTION_NAMES, ITER_CURSOR_OPTION_NAMES } from '../rest-options.js';
import { collectItems, itemsByKey, itemsOf, type FetchedPage, type UnknownTotal } from './pages.js';
import { Refusal } from '../../errors/refusal.js';

/** The pages of the index, asked for only once the options pass (the client's `pagesOf`). */
export type IndexPages = () => AsyncIterable<FetchedPage>;

// The options are the third argument; the query parameters, the usual slip, the second.
const ITERATOR_HINT = 'query parameters are the second argument, options the third';

export function iterateIndex<T>(
  method: 'iterAll' | 'iterCursor',
  options: IterAllOptions<T> | IterCursorOptions<T>,
  pages: IndexPages,
  unknownTotal: UnknownTotal,
): AsyncIterableIterator<T> {
  checkOptionNames(
    method,
    options,
    method === 'iterAll' ? ITER_ALL_OPTION_NAMES : ITER_CURSOR_OPTION_NAMES,
    ITERATOR_HINT,
  );
  return itemsOf<T>(pages(), options.itemHook, unknownTotal);
}

export function listIndex<T>(options: IterAllOptions<T>, pages: IndexPages, unknownTotal: UnknownTotal): Promise<T[]> {
  const refusal = optionNamesProblem('listAll', options, ITER_ALL_OPTION_NAMES, ITERATOR_HINT);
  if (refusal !== undefined) return Promise.reject(refusal);
  let source: AsyncIterable<FetchedPage>;
  try {
    source = pages();
  } catch (error) {
    // A refused option value (extraParams clashing with params) rejects, as a refused name does.
    return Promise.reject(error);
  }
  return collectItems<T>(source, options.itemHook, unknownTotal);
}

export async function keyIndex<T>(
  url: string,
  options: DictAllOptions,
  list: (
    params: QueryParams | undefined,
    options: { concurrency?: number; extraParams?: QueryParams },
  ) => Promise<readonly unknown[]>,
): Promise<Record<string, T> | Refusal> {
  checkOptionNames('dictAll', options, DICT_ALL_OPTION_NAMES, 'query parameters go in params');
  const by = options.by ?? 'id';
  const items = await list(options.params, { concurrency: options.concurrency, extraParams: options.extraParams });
  const keyed = itemsByKey<T>(items, by);
  return keyed ?? new Refusal(`dictAll: an item of ${url} has no "${by}" attribute`, 'ERR_INVALID_ARGUMENT');
}
