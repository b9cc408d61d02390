import { VERSION } from '../../generated/version.js';
import { isBrowser, runtimeName, type RuntimeGlobals } from '../platform/runtime.js';

export { runtimeName, type RuntimeGlobals } from '../platform/runtime.js';

/**
 * `pagerduty-client/<version>` and the runtime: `node/20.19.0`, `bun/1.4.5`, `deno/2.9.6`, else the runtime's
 * `navigator.userAgent` (`Cloudflare-Workers`), as octokit does. `undefined` in a browser, which sends its own
 * and may refuse the header.
 */
export function userAgentFor(globals: RuntimeGlobals): string | undefined {
  if (isBrowser(globals)) return undefined;
  const navigatorAgent = globals.navigator?.userAgent;
  const runtime =
    runtimeName(globals) ?? (typeof navigatorAgent === 'string' && navigatorAgent !== '' ? navigatorAgent : undefined);
  return runtime === undefined ? `pagerduty-client/${VERSION}` : `pagerduty-client/${VERSION} ${runtime}`;
}

export function userAgent(): string | undefined {
  return userAgentFor(globalThis as RuntimeGlobals);
}
