import { AmbiguousMatchError } from '../errors/error-classes.js';
import { isPlainObject } from '../plain-object.js';
import { attributeMatches } from './resource-comparison.js';

/** What `find` looks for. */
export interface FindCriteria {
  /** The index searched, for the error message. */
  readonly url: string;
  /** The attribute compared. */
  readonly attribute: string;
  /** The value searched for (a number from plain JavaScript is compared as its text). */
  readonly value: string;
  /** Case-sensitive comparison. */
  readonly exact: boolean;
  /** Throw when more than one item matches. */
  readonly unique: boolean;
}

// The first match closes the pages, as pdpyras' lazy `next(filter(...))` did; with `unique` the
// page of a second match is read to its end so that the error names every match read.
export async function findInPages(
  pages: AsyncIterable<{ readonly items: readonly unknown[] }>,
  criteria: FindCriteria,
): Promise<unknown> {
  const { attribute, value, exact, unique } = criteria;
  const found: unknown[] = [];
  for await (const page of pages) {
    for (const item of page.items) {
      if (!attributeMatches(item, attribute, value, exact)) continue;
      if (!unique) return item;
      found.push(item);
    }
    if (found.length > 1) {
      const matches = found.map((item) => ({
        id: idOf(item),
        value: String((item as Record<string, unknown>)[attribute]),
      }));
      throw new AmbiguousMatchError({ ...criteria, matches });
    }
  }
  return found[0] ?? null;
}

function idOf(item: unknown): string | null {
  const id = isPlainObject(item) ? item.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}
