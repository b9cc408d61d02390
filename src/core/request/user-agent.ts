/**
 * The User-Agent every client sends: `pagerduty-client/<version> node/<version>`.
 *
 * @module
 */
import { VERSION } from '../../generated/version.js';

/** `pagerduty-client/<package version> node/<Node.js version>`. */
export function userAgent(): string {
  return `pagerduty-client/${VERSION} node/${process.versions.node}`;
}
