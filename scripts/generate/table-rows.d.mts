// Types of table-rows.mjs (for the TypeScript tests; the generator is plain JavaScript).
import type { OperationFacts } from './operation-facts.mjs';

export interface IndexRow {
  style: 'classic' | 'cursor' | 'none';
  listKey: string;
  maxPageSize: number | null;
  moreField: boolean;
  limitParam: boolean;
}

export type WrapperValue = string | null | [string | null, string | null];

export interface TableRows {
  canonicalPaths: string[];
  wrapperConfig: Array<[string, WrapperValue]>;
  cursorPaths: string[];
  historicalPaths: string[];
  specialisedIterators: Array<[string, string]>;
  indexes: Array<[string, IndexRow]>;
}

export declare function clientOperations<T extends OperationFacts>(operations: readonly T[]): T[];
export declare function wrapperException(operation: OperationFacts): WrapperValue | undefined;
export declare function tableRows(
  operations: readonly OperationFacts[],
  pathsWithoutOperations?: readonly string[],
): TableRows;
