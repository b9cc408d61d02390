/**
 * The emulator's options and their defaults, stated once.
 *
 * @module
 */
import type { FaultSettings } from './faults/faults.js';
import type { EmulatorFixtures } from './fixtures/fixtures.js';
import type { WebhookOptions } from './webhooks/webhook-options.js';
import type { EmulatorOAuthClient } from './store/oauth-tokens.js';

/** How much state to seed, and from what. The same options always seed the same state. */
export interface SeedOptions {
  /** The seed of the random source behind identifiers, keys, names and statuses. @default 1 */
  seed?: number;
  /** Users (each gets a user-scoped API key); at least 1. @default 5 */
  seedUsers?: number;
  /** Teams. @default 2 */
  seedTeams?: number;
  /** Services (each with an escalation policy and an Events API v2 integration). @default 3 */
  seedServices?: number;
  /** Schedules. @default 2 */
  seedSchedules?: number;
  /** Incidents, spread over the services; a mix of triggered, acknowledged and resolved. @default 12 */
  seedIncidents?: number;
  /** Creation time of the first seeded record (ISO 8601 or Date). @default '2024-01-01T00:00:00Z' */
  seedEpoch?: string | Date;
  /** Seconds between the creation times of consecutive seeded incidents. @default 60 */
  seedIncidentSpacing?: number;
  /** The account's abilities. @default ['teams', 'read_only_users', 'service_support_hours', 'urgencies'] */
  abilities?: readonly string[];
  /**
   * The account's incident priorities, highest first, by name (`['P1', 'P2', 'P3']`):
   * `GET /priorities` lists them and `PUT /incidents/{id}` may set them. @default none (an
   * account without priorities: every incident's `priority` is `null`)
   */
  priorities?: readonly string[];
}

/** Options of {@link startEmulator}. */
export interface EmulatorOptions extends SeedOptions {
  /** The loopback port to listen on; 0 picks a free one. @default 0 */
  port?: number;
  /**
   * The address to listen on: `127.0.0.1` (loopback only), or another interface's
   * (`0.0.0.0` for every IPv4 one, for a test in a container or on another machine). The
   * emulator is a test double with fake keys and no authentication on its admin surface:
   * bind beyond loopback only on a network you trust. @default '127.0.0.1'
   */
  host?: string;
  /**
   * Users, services and incidents with known ids, added after the seeded data (later ones
   * through `emulator.addFixtures`). @default none
   */
  fixtures?: EmulatorFixtures;
  /** Faults to inject from the first request on (changeable later through `emulator.faults`). @default none */
  faults?: FaultSettings;
  /** The clock for what happens after seeding (new incidents, log entries). @default the real clock */
  now?: () => Date;
  /** How many of the latest requests `emulator.requests` keeps. @default 1000 */
  requestLogSize?: number;
  /**
   * A simulated round-trip time: milliseconds every answer waits before it is sent
   * (changeable later through `emulator.latency`). @default 0
   */
  latency?: number;
  /**
   * A rate limit: REST API requests per API key per window (a minute unless
   * `rateLimitWindow` says otherwise); past it, `429` with `Retry-After`, and every answer
   * carries `ratelimit-limit`, `ratelimit-remaining` and `ratelimit-reset` (changeable later
   * through `emulator.rateLimit`). @default none
   */
  rateLimit?: number;
  /**
   * The window `rateLimit` counts over, in whole seconds (a short one lets tests and
   * benchmarks meet the limit in seconds; changeable later through
   * `emulator.rateLimitWindow`). @default 60
   */
  rateLimitWindow?: number;
  /**
   * How the emulator waits `latency` milliseconds and the MCP tool `slow_report` its
   * steps; a step's wait gets a signal that aborts when the call is cancelled (tests inject
   * a delay that does not wait). @default a timer
   */
  delay?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  /**
   * How V3 webhooks are delivered to the subscriptions made through
   * `/webhook_subscriptions`: the retry schedule, the attempt timeout, the wait between
   * attempts. @default the service's rules (5 s timeout, retries for about 40 hours)
   */
  webhooks?: WebhookOptions;
  /**
   * CORS, for tests that run in a browser: every `OPTIONS` request (a preflight) is answered
   * `204` with the methods and request headers the library uses, and every answer carries
   * `Access-Control-Allow-Origin` (the request's `Origin`, or `*`) and
   * `Access-Control-Expose-Headers` (`Mcp-Session-Id`, the rate-limit headers,
   * `x-request-id`, `Retry-After`, `WWW-Authenticate`). Preflights are not recorded in `requests`. @default false
   */
  cors?: boolean;
  /**
   * Seconds an OAuth access token from `POST /oauth/token` is accepted (changeable later through
   * `emulator.tokenLifetime`): a short one lets tests live through many token lifetimes. @default 86400 (a day)
   */
  tokenLifetime?: number;
  /** Seconds a refresh token may be used. @default 2592000 (30 days) */
  refreshTokenLifetime?: number;
  /**
   * The OAuth clients the identity service (`/oauth/token`, `/oauth/authorize`, `/oauth/revoke`) knows: with a
   * `clientSecret` a confidential client, without one a public (PKCE) client.
   * @default `emulator-app` (secret `emulator-app-secret`) and the public `emulator-public-app`
   */
  oauthClients?: readonly EmulatorOAuthClient[];
  /**
   * How `/mcp` authenticates: `key` takes an API key or an OAuth token from the identity service; `oauth` takes
   * only OAuth tokens and answers anything else 401 with a `WWW-Authenticate` challenge naming its Protected
   * Resource Metadata (RFC 9728), so that an MCP client authorizes through discovery, as on PagerDuty's
   * server. @default 'key'
   */
  mcpAuth?: McpAuth;
  /**
   * Whether `/mcp` lists and runs the write tools (`manage_incidents`, `add_note_to_incident`, ...; in the hosted
   * set the `manage_*` tools), as PagerDuty's MCP server does only with `--enable-write-tools`. @default false
   */
  mcpWriteTools?: boolean;
  /**
   * Which of PagerDuty's MCP tool sets `/mcp` serves: `repository`, the tools of PagerDuty/pagerduty-mcp-server
   * (`list_incidents`, `manage_incidents`, ... with flat arguments), or `hosted`, the hosted server's
   * `browse_*`/`manage_*` tools that take an `action` (derived from the repository set: see the guide).
   * @default 'repository'
   */
  mcpToolSet?: McpToolSet;
  /**
   * Whether `/mcp` also serves `slow_report`, the emulator's own tool (no PagerDuty server has it) that takes
   * its time, to show progress notifications and cancellation. @default false
   */
  mcpDemoTools?: boolean;
}

/** Which of PagerDuty's MCP tool sets the emulator serves (see {@link EmulatorOptions.mcpToolSet}). */
export type McpToolSet = 'repository' | 'hosted';

/**
 * Checks `mcpToolSet`: `repository` or `hosted`.
 *
 * @throws RangeError otherwise
 */
export function resolveMcpToolSet(toolSet: McpToolSet | undefined): McpToolSet {
  const value = toolSet ?? 'repository';
  if (value !== 'repository' && value !== 'hosted')
    throw new RangeError(`mcpToolSet must be 'repository' or 'hosted', got ${String(toolSet)}`);
  return value;
}

/** How the emulator's `/mcp` authenticates (see {@link EmulatorOptions.mcpAuth}). */
export type McpAuth = 'key' | 'oauth';

/**
 * Checks `mcpAuth`: `key` or `oauth`.
 *
 * @throws RangeError otherwise
 */
export function resolveMcpAuth(mcpAuth: McpAuth | undefined): McpAuth {
  const value = mcpAuth ?? 'key';
  if (value !== 'key' && value !== 'oauth')
    throw new RangeError(`mcpAuth must be 'key' or 'oauth', got ${String(mcpAuth)}`);
  return value;
}

/** Seed options with every default filled in. */
export interface ResolvedSeedOptions {
  /** See {@link SeedOptions.seed}. */
  seed: number;
  /** See {@link SeedOptions.seedUsers}. */
  seedUsers: number;
  /** See {@link SeedOptions.seedTeams}. */
  seedTeams: number;
  /** See {@link SeedOptions.seedServices}. */
  seedServices: number;
  /** See {@link SeedOptions.seedSchedules}. */
  seedSchedules: number;
  /** See {@link SeedOptions.seedIncidents}. */
  seedIncidents: number;
  /** See {@link SeedOptions.seedEpoch}. */
  seedEpoch: Date;
  /** See {@link SeedOptions.seedIncidentSpacing}. */
  seedIncidentSpacing: number;
  /** See {@link SeedOptions.abilities}. */
  abilities: readonly string[];
  /** See {@link SeedOptions.priorities}. */
  priorities: readonly string[];
}

/** The abilities a seeded account has unless told otherwise. */
export const DEFAULT_ABILITIES: readonly string[] = ['teams', 'read_only_users', 'service_support_hours', 'urgencies'];

function count(name: string, value: number | undefined, fallback: number, minimum = 0): number {
  const result = value ?? fallback;
  if (!Number.isInteger(result) || result < minimum) {
    throw new RangeError(`${name} must be a whole number >= ${minimum}, got ${String(value)}`);
  }
  return result;
}

/**
 * Fills in the defaults and checks the counts.
 *
 * @throws RangeError for a negative or fractional count, no users, incidents without
 *   services, or an unreadable `seedEpoch`
 */
export function resolveSeedOptions(options: SeedOptions = {}): ResolvedSeedOptions {
  const seedEpoch = new Date(options.seedEpoch ?? '2024-01-01T00:00:00Z');
  if (Number.isNaN(seedEpoch.getTime())) throw new RangeError(`seedEpoch is not a date: ${String(options.seedEpoch)}`);
  const resolved: ResolvedSeedOptions = {
    seed: count('seed', options.seed, 1),
    seedUsers: count('seedUsers', options.seedUsers, 5, 1),
    seedTeams: count('seedTeams', options.seedTeams, 2),
    seedServices: count('seedServices', options.seedServices, 3),
    seedSchedules: count('seedSchedules', options.seedSchedules, 2),
    seedIncidents: count('seedIncidents', options.seedIncidents, 12),
    seedEpoch,
    seedIncidentSpacing: count('seedIncidentSpacing', options.seedIncidentSpacing, 60, 1),
    abilities: [...(options.abilities ?? DEFAULT_ABILITIES)],
    priorities: [...(options.priorities ?? [])],
  };
  const names = resolved.priorities;
  if (names.some((name) => typeof name !== 'string' || name.trim() === '') || new Set(names).size !== names.length)
    throw new RangeError('priorities must be distinct non-empty names');
  if (resolved.seedIncidents > 0 && resolved.seedServices === 0) {
    throw new RangeError('seedIncidents needs at least one service (seedServices >= 1)');
  }
  return resolved;
}

/**
 * Checks a port: a whole number from 0 (any free port) to 65535.
 *
 * @throws RangeError otherwise
 */
/** Checks a host: a non-empty address or name without a scheme, port or path. */
export function resolveHost(host: string | undefined): string {
  const value = host ?? '127.0.0.1';
  if (typeof value !== 'string' || !/^[A-Za-z0-9.:-]+$/.test(value))
    throw new RangeError(`host must be an address or a name such as 127.0.0.1 or 0.0.0.0, got ${String(host)}`);
  return value;
}

export function resolvePort(port: number | undefined): number {
  const value = port ?? 0;
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new RangeError(`port must be 0-65535, got ${String(port)}`);
  return value;
}

/**
 * Checks a latency: a finite number of milliseconds, 0 or more.
 *
 * @throws RangeError otherwise
 */
export function resolveLatency(latency: number | undefined): number {
  const value = latency ?? 0;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`latency must be a number of milliseconds >= 0, got ${String(latency)}`);
  }
  return value;
}
