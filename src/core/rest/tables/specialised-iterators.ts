/**
 * The REST API v2 endpoints that page in their own style and have their own iterator.
 *
 * @module
 */
import type { CanonicalPath } from './table-types.js';

/**
 * Index paths whose pagination is neither classic nor cursor-based, mapped to the
 * `RestApiV2Client` method that pages through them. `iterAll`, `iterCursor` and
 * `iterHistory` refuse these paths with a `UrlError` that names the method.
 */
export const SPECIALISED_ITERATORS: Readonly<Record<CanonicalPath, string>> = Object.freeze({
  '/analytics/raw/incidents': 'iterAnalyticsRawIncidents',
  '/alert_grouping_settings': 'iterAlertGroupingSettings',
});
