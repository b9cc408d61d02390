/**
 * The releases of pdpyras, the predecessor whose session API `pagerduty-client/legacy`
 * keeps alive: the versions a session's `compat` option may name.
 *
 * Source: the "Changelog" of the PagerDuty/pdpyras repository (`CHANGELOG.rst`), which
 * starts at 2.1 (2018-11-28) and ends at 5.4.1, the final release; 5.0.0 (published, then
 * yanked), 5.0.1 and 5.0.2 are confirmed by their published source archives. 4.5.1 is
 * left out: the changelog says it was removed. Releases the changelog names with two
 * numbers ("version 3.0", "4.1") are written here as `x.y.0`. Releases from before the
 * changelog began are not listed, so they are not accepted.
 *
 * @module
 */

/**
 * Every pdpyras release a session can behave as, oldest first.
 *
 * @example
 * ```ts
 * PDPYRAS_RELEASES.includes('4.4.0'); // true
 * PDPYRAS_RELEASES[PDPYRAS_RELEASES.length - 1]; // '5.4.1'
 * ```
 */
export const PDPYRAS_RELEASES = Object.freeze([
  '2.1.0',
  '2.2.0',
  '2.3.0',
  '2.4.0',
  '2.4.1',
  '3.0.0',
  '3.0.1',
  '3.0.2',
  '3.1.0',
  '3.1.1',
  '3.1.2',
  '3.2.0',
  '3.2.1',
  '4.0.0',
  '4.1.0',
  '4.1.1',
  '4.1.2',
  '4.1.3',
  '4.1.4',
  '4.2.0',
  '4.2.1',
  '4.3.0',
  '4.4.0',
  '4.5.0',
  '4.5.2',
  '5.0.0',
  '5.0.1',
  '5.0.2',
  '5.0.3',
  '5.0.4',
  '5.1.0',
  '5.1.1',
  '5.1.2',
  '5.1.3',
  '5.2.0',
  '5.3.0',
  '5.4.0',
  '5.4.1',
] as const);

/** A pdpyras release, as `major.minor.patch` (see {@link PDPYRAS_RELEASES}). */
export type PdpyrasVersion = (typeof PDPYRAS_RELEASES)[number];

/** The oldest release a session can behave as. */
export const OLDEST_PDPYRAS_RELEASE: PdpyrasVersion = PDPYRAS_RELEASES[0];

/** The final pdpyras release, and what a session behaves as unless told otherwise. */
export const LATEST_PDPYRAS_RELEASE: PdpyrasVersion = PDPYRAS_RELEASES[PDPYRAS_RELEASES.length - 1];
