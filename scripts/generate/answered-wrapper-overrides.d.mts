// Types of answered-wrapper-overrides.mjs (for the TypeScript tests; the generator is plain JavaScript).
import type { SchemaOverrideRow } from './apply-schema-overrides.mjs';

export declare const ANSWERED_WRAPPER_OVERRIDES: readonly SchemaOverrideRow[];
