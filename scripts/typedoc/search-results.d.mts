// Types of search-results.mjs (for the TypeScript tests; the plugin is plain JavaScript).
export const SEARCH_RESULTS: number;
export const DOCUMENT_KIND: number;
export function withMoreResults(mainJs: string, count?: number): string | undefined;
export function load(app: unknown): void;
