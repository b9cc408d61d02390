// Types of rest-overrides.mjs (for the TypeScript tests; the generator is plain JavaScript).
import type { OverrideRow } from './apply-overrides.mjs';

export declare const REST_OVERRIDES: readonly OverrideRow[];
