// Types of extract-pdpyras-tables.mjs (for the TypeScript tests; the script is plain JavaScript).
export declare const DEFAULT_SOURCES: string;
export declare const OUTPUT: string;
export declare function pdpyrasTableFacts(source: string): unknown;
export declare function extractAll(dir?: string): Record<string, unknown>;
export declare function moduleText(releases: Record<string, unknown>): string;
