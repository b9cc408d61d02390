// Types of apply-schema-overrides.mjs (for the TypeScript tests; the generator is plain JavaScript).

export type SchemaChange =
  | { kind: 'enum'; property: string; from: readonly string[]; to: readonly string[] }
  | { kind: 'add-property'; property: string; schema: object }
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
