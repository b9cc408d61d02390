// Types of integration-overrides.mjs (for the TypeScript tests; the generator is plain JavaScript).
import type { OverrideRow } from './apply-overrides.mjs';

export declare const INTEGRATION_OVERRIDES: readonly OverrideRow[];
