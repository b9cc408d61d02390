/**
 * A REST client's tables, indexed once for fast lookups and shared by every client built
 * on the same tables object.
 *
 * @module
 */
import { compileCanonicalPaths, pathShape, type CanonicalPathIndex } from './canonical-path.js';
import { compileWrapperConfig, type CompiledWrapperConfig } from './entity-wrappers.js';
import type { CanonicalPath, IndexPagination, RestApiTables } from './table-types.js';

/** The tables of one API, indexed. */
export interface CompiledTables {
  /** Canonical paths for matching URLs. */
  readonly paths: CanonicalPathIndex;
  /** The wrapper exceptions. */
  readonly wrappers: CompiledWrapperConfig;
  /** Shapes (placeholders as `{}`) of the cursor-paginated paths. */
  readonly cursorShapes: ReadonlySet<string>;
  /** Shapes of the historical-record paths. */
  readonly historicalShapes: ReadonlySet<string>;
  /** Shapes of the specialised index paths, to the name of their iterator. */
  readonly specialised: ReadonlyMap<string, string>;
  /** Shapes of the index paths, to their pagination; `null` when the tables list no indexes. */
  readonly indexes: ReadonlyMap<string, IndexPagination> | null;
}

const cache = new WeakMap<RestApiTables, CompiledTables>();

/**
 * The indexed form of a tables object (computed on first use, then cached).
 *
 * @throws TypeError for a malformed wrapper table
 */
export function compileTables(tables: RestApiTables): CompiledTables {
  let compiled = cache.get(tables);
  if (!compiled) {
    compiled = {
      paths: compileCanonicalPaths(tables.canonicalPaths),
      wrappers: compileWrapperConfig(tables.wrapperConfig),
      cursorShapes: shapes(tables.cursorPaths),
      historicalShapes: shapes(tables.historicalPaths ?? []),
      specialised: new Map(Object.entries(tables.specialisedIterators ?? {}).map(([path, name]) => [pathShape(path), name])),
      indexes: tables.indexes ? new Map(Object.entries(tables.indexes).map(([path, index]) => [pathShape(path), index])) : null,
    };
    cache.set(tables, compiled);
  }
  return compiled;
}

function shapes(paths: readonly CanonicalPath[]): ReadonlySet<string> {
  return new Set(paths.map(pathShape));
}
