import { VERSION } from '../../generated/version.js';

/** The globals a runtime is recognised by; each may be missing (a browser has none of them). */
export interface RuntimeGlobals {
  readonly Bun?: { readonly version?: unknown };
  readonly Deno?: { readonly version?: { readonly deno?: unknown } };
  readonly process?: { readonly versions?: { readonly node?: unknown } };
}

// Bun and Deno also fill process.versions.node for compatibility, so they are asked first. A browser sends its
// own navigator.userAgent and a page may not set the header, so nothing is named there.
export function runtimeName(globals: RuntimeGlobals): string | undefined {
  const named = (name: string, version: unknown): string | undefined =>
    typeof version === 'string' && version !== '' ? `${name}/${version}` : undefined;
  return (
    named('bun', globals.Bun?.version) ??
    named('deno', globals.Deno?.version?.deno) ??
    named('node', globals.process?.versions?.node)
  );
}

export function userAgentFor(globals: RuntimeGlobals): string {
  const runtime = runtimeName(globals);
  return runtime === undefined ? `pagerduty-client/${VERSION}` : `pagerduty-client/${VERSION} ${runtime}`;
}

export function userAgent(): string {
  return userAgentFor(globalThis as RuntimeGlobals);
}
