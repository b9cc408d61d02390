// Types of apply-schema-overrides.mjs (for the TypeScript tests; the generator is plain JavaScript).

export type SchemaChange =
  | { kind: 'enum'; property: string; from: readonly string[]; to: readonly string[] }
  | { kind: 'add-properties'; properties: Readonly<Record<string, object>> }
  | { kind: 'require'; properties: readonly string[] }
  | { kind: 'add-query-parameter'; parameter: string };

export interface SchemaOverrideRow {
  id: string;
  target: string;
  change: SchemaChange;
  reason: string;
  evidence: string;
}

export declare function applySchemaOverrides<T extends object>(extract: T, rows: readonly SchemaOverrideRow[]): T;
export declare function applySchemaOverrideRow(extract: object, row: SchemaOverrideRow): void;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a node of untyped JSON
export declare function targetNode(extract: object, target: string, rowId?: string): any;
