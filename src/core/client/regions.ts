// Which host each PagerDuty service has in each region: one table, read by every client's default base URL.
import type { TokenProvider } from '../auth/token-provider.js';

/** The service regions, each with its own hosts. */
export type Region = 'us' | 'eu';

/** The hosts of one region, by service. */
export interface RegionHosts {
  /** The REST API v2 (and the SCIM API under `/scim/v2`). */
  readonly rest: string;
  /** The Events API v2. */
  readonly events: string;
  /** The MCP server. */
  readonly mcp: string;
  /** The OAuth identity service: one for both regions (the scope's `as_account-eu.` names the region). */
  readonly identity: string;
  /** The web app's host, under which the integration APIs live. */
  readonly app: string;
}

export const REGION_HOSTS: Readonly<Record<Region, RegionHosts>> = Object.freeze({
  us: Object.freeze({
    rest: 'https://api.pagerduty.com',
    events: 'https://events.pagerduty.com',
    mcp: 'https://mcp.pagerduty.com',
    identity: 'https://identity.pagerduty.com',
    app: 'https://app.pagerduty.com',
  }),
  eu: Object.freeze({
    rest: 'https://api.eu.pagerduty.com',
    events: 'https://events.eu.pagerduty.com',
    mcp: 'https://mcp.eu.pagerduty.com',
    identity: 'https://identity.pagerduty.com',
    app: 'https://app.eu.pagerduty.com',
  }),
});

/** @throws TypeError for anything but a known region */
export function checkRegion(region: unknown): Region {
  if (typeof region !== 'string' || !Object.hasOwn(REGION_HOSTS, region)) {
    const known = Object.keys(REGION_HOSTS).join(', ');
    throw new TypeError(`unknown region ${JSON.stringify(region)}; expected one of ${known}`);
  }
  return region as Region;
}

/**
 * The region a scoped OAuth scope names (`as_account-eu.acme incidents.read` is `'eu'`), or `undefined` when
 * it names none.
 */
export function regionOfScope(scope: string | undefined): Region | undefined {
  const found = /(?:^|\s)as_account-([a-z]+)\./.exec(scope ?? '');
  return found && Object.hasOwn(REGION_HOSTS, found[1]) ? (found[1] as Region) : undefined;
}

/** The region of a provider that knows its own (the managed providers read it from their scope). */
export function regionOfProvider(provider: TokenProvider | undefined): Region | undefined {
  const region = (provider as { region?: unknown } | undefined)?.region;
  return typeof region === 'string' && Object.hasOwn(REGION_HOSTS, region) ? (region as Region) : undefined;
}

/**
 * A client's US default base URL moved to `region`'s host of the same service (the path kept):
 * `https://mcp.pagerduty.com` in `'eu'` is `https://mcp.eu.pagerduty.com`.
 */
export function inRegion(usUrl: string, region: Region): string {
  const hosts = REGION_HOSTS[checkRegion(region)];
  for (const [service, host] of Object.entries(REGION_HOSTS.us) as [keyof RegionHosts, string][]) {
    if (usUrl === host || usUrl.startsWith(`${host}/`)) return hosts[service] + usUrl.slice(host.length);
  }
  return usUrl;
}

/**
 * The environment variable that names a service's base URL, read by a client built without `baseUrl` or
 * `region` (as openai-node reads `OPENAI_BASE_URL`): the emulator's URL, say, for every client of a program.
 */
export const BASE_URL_VARIABLES: Readonly<Partial<Record<keyof RegionHosts, string>>> = Object.freeze({
  rest: 'PAGERDUTY_BASE_URL',
  events: 'PAGERDUTY_EVENTS_URL',
  mcp: 'PAGERDUTY_MCP_URL',
  identity: 'PAGERDUTY_IDENTITY_URL',
});

/** The process's environment where the runtime has one (Node, Bun, Deno's Node compatibility); else none. */
function environment(): Readonly<Record<string, string | undefined>> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
}

/**
 * The base URL the environment names for the service whose US default is `usUrl` (exactly a service's
 * host: `https://api.pagerduty.com`, not the SCIM API under it); `undefined` when the variable is unset or
 * empty. A trailing `/` is dropped.
 */
export function baseUrlFromEnvironment(
  usUrl: string,
  env: Readonly<Record<string, string | undefined>> = environment(),
): string | undefined {
  const service = (Object.keys(REGION_HOSTS.us) as (keyof RegionHosts)[]).find(
    (name) => REGION_HOSTS.us[name] === usUrl,
  );
  const variable = service === undefined ? undefined : BASE_URL_VARIABLES[service];
  const value = variable === undefined ? undefined : env[variable];
  return value === undefined || value.trim() === '' ? undefined : value.trim().replace(/\/+$/, '');
}

/**
 * A client's base URL, in this order: the `baseUrl` option (`given`); the `region` option's host; the
 * environment variable of the service ({@link BASE_URL_VARIABLES}: `PAGERDUTY_BASE_URL`, ...); the region
 * of its token provider; the US default.
 * @throws TypeError for an unknown region, even when `given` is set
 */
export function regionalBaseUrl(
  usUrl: string,
  region: Region | undefined,
  provider: TokenProvider | undefined,
  given?: string,
): string {
  const chosen = region !== undefined ? checkRegion(region) : regionOfProvider(provider);
  if (given !== undefined) return given;
  if (region === undefined) {
    const named = baseUrlFromEnvironment(usUrl);
    if (named !== undefined) return named;
  }
  return chosen === undefined ? usUrl : inRegion(usUrl, chosen);
}
