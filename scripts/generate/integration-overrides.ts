// The reviewed overrides of the integration API facts (see rest-overrides.ts for the
// form of a row; `operation` names the path as in the description). None is needed: every
// integration operation's schemas say what the client needs.
import type { OverrideRow } from './apply-overrides.js';

export const INTEGRATION_OVERRIDES: readonly OverrideRow[] = Object.freeze<OverrideRow[]>([]);
