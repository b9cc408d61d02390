// The three large REST tables are generated packed, one row a line, and unpacked once, at their first use (the first
// client): as object literals they were a third of a page's REST client (a quoted key and five named fields a row),
// and unpacked at load they were an eighth of `import('pagerduty-client')`. The packing is
// scripts/generate/packed-tables.mjs; a test unpacks what it packs.
import type { CanonicalPath, EntityWrapperConfig, EntityWrapperSpec, IndexPagination } from './table-types.js';

/** A value made at the first call, then the same value at every call. */
export function lazy<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

const rows = (packed: string): string[] => packed.split('\n').filter((row) => row !== '');

/**
 * Canonical paths, front-coded: each row is the length of the prefix it shares with the row before (one base-36
 * digit), then the rest of the path.
 */
export function unpackPaths(packed: string): readonly CanonicalPath[] {
  let previous = '';
  return Object.freeze(
    rows(packed).map((row) => (previous = previous.slice(0, parseInt(row.charAt(0), 36)) + row.slice(1))),
  );
}

const STYLES = Object.freeze({ c: 'classic', k: 'cursor', n: 'none' } as const);

/**
 * Index pagination, a row an index: `<path number> <style><more><limit>[<max page size>] [<list key>]`, the path
 * number (base 36) into `paths`, the style `c` (classic), `k` (cursor) or `n` (none), `more` and `limit` 1 or 0,
 * and the list key only when it is not the path's last segment.
 */
export function unpackIndexes(
  packed: string,
  paths: readonly CanonicalPath[],
): Readonly<Record<CanonicalPath, IndexPagination>> {
  const entries = rows(packed).map((row): [CanonicalPath, IndexPagination] => {
    const [number = '', flags = '', listKey] = row.split(' ');
    const path = pathAt(paths, number);
    const index: IndexPagination = {
      style: STYLES[flags.charAt(0) as keyof typeof STYLES],
      listKey: listKey ?? path.slice(path.lastIndexOf('/') + 1),
      maxPageSize: flags.length > 3 ? Number(flags.slice(3)) : null,
      moreField: flags.charAt(1) === '1',
      limitParam: flags.charAt(2) === '1',
    };
    return [path, Object.freeze(index)];
  });
  return Object.freeze(Object.fromEntries(entries));
}

const METHODS = Object.freeze({ G: 'GET', P: 'POST', U: 'PUT', A: 'PATCH', D: 'DELETE' } as const);

/**
 * Wrapper exceptions, a row an endpoint: `<method><path number> <wrapper>[ <response wrapper>]`, the method's
 * initial (`A` for PATCH, `U` for PUT), a wrapper `-` for none; one wrapper is that of both bodies.
 */
export function unpackWrappers(packed: string, paths: readonly CanonicalPath[]): EntityWrapperConfig {
  const wrapper = (name: string): string | null => (name === '-' ? null : name);
  const entries = rows(packed).map((row): [string, EntityWrapperSpec] => {
    const [head = '', request = '', response] = row.split(' ');
    const key = `${METHODS[head.charAt(0) as keyof typeof METHODS]} ${pathAt(paths, head.slice(1))}`;
    return [
      key,
      response === undefined ? wrapper(request) : Object.freeze([wrapper(request), wrapper(response)] as const),
    ];
  });
  return Object.freeze(Object.fromEntries(entries));
}

function pathAt(paths: readonly CanonicalPath[], number: string): CanonicalPath {
  const path = paths[parseInt(number, 36)];
  if (path === undefined) throw new Error(`packed REST table: no canonical path number ${number}`);
  return path;
}
