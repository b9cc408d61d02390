/**
 * The User-Agent every client sends: `pagerduty-client/<version> node/<version>`.
 *
 * @module
 */
import { VERSION } from '../../generated/version.js';

let built: string | undefined;

/** `pagerduty-client/<package version> node/<Node.js version>` (built once: neither changes). */
export function userAgent(): string {
  built ??= `pagerduty-client/${VERSION} node/${process.versions.node}`;
  return built;
}
