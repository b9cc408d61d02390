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
  /** The OAuth identity service. */
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
    identity: 'https://identity.eu.pagerduty.com',
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
 * A client's base URL: `given`, else its US default moved to `region`, else to the region of its token
 * provider, else the US default itself.
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
  return chosen === undefined ? usUrl : inRegion(usUrl, chosen);
}
