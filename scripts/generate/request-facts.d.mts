// Types of request-facts.mjs (for the TypeScript tests; the generator is plain JavaScript).

export declare const EARLY_ACCESS_HEADER: string;

/** How a list-valued query parameter goes out. */
export interface QueryStyle {
  readonly style: 'form';
  readonly explode: boolean;
}

/** A reviewed longest since/until range, with the operation and parameter that state it. */
export interface HistoryRangeRow {
  readonly id: string;
  readonly operation: string;
  readonly parameter: string;
  readonly days: number;
  readonly reason: string;
}

export declare function earlyAccessHeaders(extract: object): Record<string, Record<string, string>>;
export declare function declaredQueryStyles(extract: object): Record<string, Record<string, QueryStyle>>;
export declare function historyMaxRanges(
  extract: object,
  operations: readonly { method: string; path: string; historical: boolean }[],
  rows: readonly HistoryRangeRow[],
): Record<string, { days: number; source: string }>;
