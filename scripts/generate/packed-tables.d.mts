// Types of packed-tables.mjs (for the TypeScript tests; the generator is plain JavaScript).
import type { IndexRow, WrapperValue } from './table-rows.mjs';

export declare function packPaths(paths: readonly string[]): string[];
export declare function packIndexes(
  indexes: ReadonlyArray<readonly [string, IndexRow]>,
  paths: readonly string[],
): string[];
export declare function packWrappers(
  wrappers: ReadonlyArray<readonly [string, WrapperValue]>,
  paths: readonly string[],
): string[];
