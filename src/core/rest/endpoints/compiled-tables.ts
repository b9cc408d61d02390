import { compileCanonicalPaths, pathShape, type CanonicalPathIndex } from './canonical-path.js';
import { compileWrapperConfig, type CompiledWrapperConfig } from './entity-wrappers.js';
import type { CanonicalPath, EntityWrapperConfig, IndexPagination, QueryStyle, RestApiTables } from './table-types.js';

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
  /** Shapes of the historical paths with a longest range, to that range in milliseconds. */
  readonly historyMaxRangeMs: ReadonlyMap<string, number>;
  /** `'<METHOD> <shape>'` to the headers that operation requires. */
  readonly declaredHeaders: ReadonlyMap<string, Readonly<Record<string, string>>>;
  /** `'<METHOD> <shape>'` to its query parameters not sent as `name[]`. */
  readonly queryStyles: ReadonlyMap<string, Readonly<Record<string, QueryStyle>>>;
}

const DAY_MS = 86_400_000;

export function withWrapperRows(compiled: CompiledTables, rows: EntityWrapperConfig): CompiledTables {
  if (Object.keys(rows).length === 0) return compiled;
  const entries = new Map([...compiled.wrappers.entries, ...compileWrapperConfig(rows).entries]);
  return { ...compiled, wrappers: { entries } };
}

const cache = new WeakMap<RestApiTables, CompiledTables>();

export function compileTables(tables: RestApiTables): CompiledTables {
  let compiled = cache.get(tables);
  if (!compiled) {
    compiled = {
      paths: compileCanonicalPaths(tables.canonicalPaths),
      wrappers: compileWrapperConfig(tables.wrapperConfig),
      cursorShapes: shapes(tables.cursorPaths),
      historicalShapes: shapes(tables.historicalPaths ?? []),
      specialised: new Map(
        Object.entries(tables.specialisedIterators ?? {}).map(([path, name]) => [pathShape(path), name]),
      ),
      indexes: tables.indexes
        ? new Map(Object.entries(tables.indexes).map(([path, index]) => [pathShape(path), index]))
        : null,
      historyMaxRangeMs: new Map(
        Object.entries(tables.historyMaxRangeDays ?? {}).map(([path, days]) => [pathShape(path), days * DAY_MS]),
      ),
      declaredHeaders: byOperationShape(tables.declaredHeaders ?? {}),
      queryStyles: byOperationShape(tables.queryStyles ?? {}),
    };
    cache.set(tables, compiled);
  }
  return compiled;
}

function shapes(paths: readonly CanonicalPath[]): ReadonlySet<string> {
  return new Set(paths.map(pathShape));
}

/** Keys `'<METHOD> <path>'` rewritten as `'<METHOD> <shape>'`. */
function byOperationShape<V>(table: Readonly<Record<string, V>>): ReadonlyMap<string, V> {
  return new Map(
    Object.entries(table).map(([key, value]) => {
      const space = key.indexOf(' ');
      return [`${key.slice(0, space)} ${pathShape(key.slice(space + 1))}`, value];
    }),
  );
}
