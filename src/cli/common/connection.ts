/**
 * Where a command's requests go: the service region's hosts, and the rules that pick a
 * base URL from the command line, the environment and the profile, in that order. Pure,
 * so that each rule has its own test.
 *
 * @module
 */
import { REGION_HOSTS, type Region } from '../../core/client/regions.js';
import { BASE_URL_ENV, EVENTS_URL_ENV, fromEnv } from '../environment.js';
import { UsageError } from './usage-error.js';

export type { Region } from '../../core/client/regions.js';

/** The hosts of each service region (the library's table). */
export const REGIONS = REGION_HOSTS;

/** The region names `--region` accepts. */
export const REGION_NAMES = Object.keys(REGIONS) as Region[];

/** The options of every command that calls PagerDuty. */
export interface ConnectionArgs {
  /** `--base-url`: wins over everything else. */
  readonly baseUrl?: string;
  /** `--region`: the region's host, when `--base-url` is absent. */
  readonly region?: Region;
  /** `--debug`: one line per request attempt on standard error. */
  readonly debug?: boolean;
  /** `--profile`: the saved profile to use. */
  readonly profile?: string;
}

/** What a profile says about where requests go. */
export interface ProfileConnection {
  /** The profile's region. */
  readonly region?: Region;
  /** The profile's REST API base URL (the emulator's, say). */
  readonly baseUrl?: string;
  /** The profile's Events API base URL. */
  readonly eventsUrl?: string;
}

/** The paths of the Events API, which a base URL copied from PagerDuty's docs may end with. */
const EVENTS_PATHS = /\/v2\/(?:change\/)?enqueue\/?$/;

/**
 * An Events API base URL without the endpoint path a user may have pasted with it
 * (`https://events.pagerduty.com/v2/enqueue`): the client adds the path itself.
 *
 * @example
 * ```ts
 * eventsBase('http://127.0.0.1:8080/v2/enqueue'); // 'http://127.0.0.1:8080'
 * ```
 */
export function eventsBase(url: string): string {
  return url.replace(EVENTS_PATHS, '').replace(/\/+$/, '');
}

/** Checks a `--region`-like value from a file or the environment. */
export function checkRegion(value: string, where: string): Region {
  if (!(REGION_NAMES as string[]).includes(value)) {
    throw new UsageError(
      `${where}: unknown region ${JSON.stringify(value)}; the regions are: ${REGION_NAMES.join(', ')}`,
    );
  }
  return value as Region;
}

/**
 * The REST API base URL: `--base-url`, else `--region`'s, else `PAGERDUTY_BASE_URL`, else
 * the profile's base URL, else the profile's region's, else `undefined` (the client's US
 * default).
 */
export function restBaseUrl(
  args: ConnectionArgs,
  env: Readonly<Record<string, string | undefined>>,
  profile: ProfileConnection = {},
): string | undefined {
  if (args.baseUrl !== undefined) return args.baseUrl;
  if (args.region !== undefined) return REGIONS[args.region].rest;
  return fromEnv(env, BASE_URL_ENV) ?? profile.baseUrl ?? (profile.region && REGIONS[profile.region].rest);
}

/**
 * The Events API base URL, by the same rules with `PAGERDUTY_EVENTS_URL` and the profile's
 * events URL, and without a pasted `/v2/enqueue`.
 */
export function eventsBaseUrl(
  args: ConnectionArgs,
  env: Readonly<Record<string, string | undefined>>,
  profile: ProfileConnection = {},
): string | undefined {
  const url =
    args.baseUrl ??
    (args.region && REGIONS[args.region].events) ??
    fromEnv(env, EVENTS_URL_ENV) ??
    profile.eventsUrl ??
    (profile.region && REGIONS[profile.region].events);
  return url === undefined ? undefined : eventsBase(url);
}
