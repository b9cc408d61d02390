// Types of operation-facts.mjs (for the TypeScript tests; the generator is plain JavaScript).

/** How an index pages; `'none'` also for every operation that is no index. */
export type PaginationStyle = 'classic' | 'cursor' | 'none' | 'specialised';

/** One concrete path of an operation whose last placeholder names the list key. */
export interface PathVariant {
  path: string;
  responseWrapper: string | null;
  listKey: string | null;
}

/** The facts of one operation (see deriveOperation in operation-facts.mjs for the rules). */
export interface OperationFacts {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  operationId: string;
  hasRequestBody: boolean;
  requestWrapper: string | null;
  hasResponseBody: boolean;
  responseWrapper: string | null;
  pagination: PaginationStyle;
  listKey: string | null;
  maxPageSize: number | null;
  limitParam: boolean;
  moreField: boolean;
  cursorParam: boolean;
  historical: boolean;
  specialisedIterator: string | null;
  variants: PathVariant[] | null;
  overrides: string[];
}

export declare const PAGING_FIELDS: readonly string[];

export declare function deriveOperation(
  extract: object,
  entry: { method: string; path: string; pathItem: object; operation: object },
  clientPath?: string,
): OperationFacts;
