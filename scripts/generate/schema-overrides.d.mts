// Types of schema-overrides.mjs (for the TypeScript tests; the generator is plain JavaScript).
import type { SchemaOverrideRow } from './apply-schema-overrides.mjs';

export declare const SCHEMA_OVERRIDES: readonly SchemaOverrideRow[];
