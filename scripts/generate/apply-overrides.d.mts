// Types of apply-overrides.mjs (for the TypeScript tests; the generator is plain JavaScript).

export interface OverrideRow {
  id: string;
  operation: string;
  set: Record<string, unknown>;
  reason: string;
}

export declare const OVERRIDABLE_FIELDS: readonly string[];

export declare function applyOverrides<
  T extends { method: string; path: string; describedPath?: string; overrides: string[] },
>(operations: readonly T[], rows: readonly OverrideRow[]): T[];
