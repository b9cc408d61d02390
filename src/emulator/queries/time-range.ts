/**
 * Finding the records of a time window without scanning them all: records are kept in
 * creation order, which is time order as long as the clock did not go back, so a window
 * is a run of them that binary search finds. Whether the order holds is checked once per
 * record, as records are added.
 *
 * @module
 */

/** How far each list was checked, and whether it was in time order so far. */
const checked = new WeakMap<readonly unknown[], { upTo: number; ordered: boolean; last: string }>();

function canonical(iso: string): boolean {
  return iso.length === 24 && iso.charCodeAt(23) === 90 /* Z */ && iso.charCodeAt(10) === 84 /* T */;
}

/** Whether `items` are in non-decreasing `time` order with canonical ISO times (remembered per list). */
function inTimeOrder<T>(items: readonly T[], time: (item: T) => string): boolean {
  let state = checked.get(items);
  if (!state || state.upTo > items.length) state = { upTo: 0, ordered: true, last: '' };
  for (let index = state.upTo; state.ordered && index < items.length; index += 1) {
    const value = time(items[index]);
    if (!canonical(value) || value < state.last) state.ordered = false;
    else state.last = value;
  }
  state.upTo = items.length;
  checked.set(items, state);
  return state.ordered;
}

/** The index of the first item whose time is at or after `iso`. */
function lowerBound<T>(items: readonly T[], time: (item: T) => string, iso: string): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (time(items[middle]) < iso) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The items whose time lies in [sinceIso, untilIso) (either bound may be absent), found
 * by binary search when the list is in time order; `undefined` when it is not (then the
 * caller filters the whole list). The items keep their order.
 *
 * @example
 * ```ts
 * const items = [{ t: '2024-01-01T00:00:00.000Z' }, { t: '2024-01-02T00:00:00.000Z' }];
 * itemsInTimeRange(items, (i) => i.t, '2024-01-01T12:00:00.000Z', undefined); // [items[1]]
 * ```
 */
export function itemsInTimeRange<T>(
  items: readonly T[],
  time: (item: T) => string,
  sinceIso: string | undefined,
  untilIso: string | undefined,
): readonly T[] | undefined {
  if (!inTimeOrder(items, time)) return undefined;
  const start = sinceIso === undefined ? 0 : lowerBound(items, time, sinceIso);
  const end = untilIso === undefined ? items.length : lowerBound(items, time, untilIso);
  return items.slice(start, Math.max(start, end));
}
