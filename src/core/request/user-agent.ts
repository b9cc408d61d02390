import { VERSION } from '../../generated/version.js';

export function userAgent(): string {
  return `pagerduty-client/${VERSION} node/${process.versions.node}`;
}
