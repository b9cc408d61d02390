// Types of history-range-overrides.mjs (for the TypeScript tests; the generator is plain JavaScript).
import type { HistoryRangeRow } from './request-facts.mjs';

export declare const HISTORY_RANGE_OVERRIDES: readonly HistoryRangeRow[];
