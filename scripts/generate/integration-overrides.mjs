// The reviewed overrides of the integration API facts (see rest-overrides.mjs for the
// form of a row; `operation` names the path as in the description). None is needed: every
// integration operation's schemas say what the client needs.

/** @type {readonly import('./rest-overrides.mjs').OverrideRow[]} */
export const INTEGRATION_OVERRIDES = Object.freeze([]);
