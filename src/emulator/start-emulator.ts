/**
 * `startEmulator`: a loopback HTTP server with seeded in-memory state that answers the
 * REST API v2 (every described operation) and the Events API v2.
 *
 * @module
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addFixtures as addFixturesTo, type AddedFixtures } from './fixtures/fixture-loading.js';
import { assertFixtureShapes, type EmulatorFixtures } from './fixtures/fixtures.js';
import { FaultPlan, type FaultCounters, type FaultSettings } from './faults/faults.js';
import {
  resolveLatency,
  resolveMcpAuth,
  resolveMcpToolSet,
  resolveHost,
  resolvePort,
  resolveSeedOptions,
  type EmulatorOptions,
  type McpAuth,
  type McpToolSet,
} from './emulator-options.js';
import { KeyRateLimit, resolveRateLimitWindow } from './faults/key-rate-limit.js';
import { seededRandom } from './store/random.js';
import { RequestLog, type RequestRecord } from './server/request-log.js';
import { seedStore, type EmulatorKeys } from './fixtures/seed.js';
import { requestListener } from './server/request-handler.js';
import { EmulatorStore } from './store/store.js';
import { McpSessions } from './mcp/mcp-sessions.js';
import { WebhookDispatcher, type WebhookDelivery } from './webhooks/webhook-dispatcher.js';
import { resolveWebhookOptions } from './webhooks/webhook-options.js';
import { checkLifetime, type EmulatorOAuthClient } from './store/oauth-tokens.js';
import { restoreSnapshot, takeSnapshot, type StoreSnapshot } from './store/store-snapshot.js';
import { adminState } from './server/admin-state.js';
import { runDueTimers } from './store/clock-driven.js';

/** The address the emulator listens on unless `host` says otherwise: loopback only. */
export const EMULATOR_HOST = '127.0.0.1';

/** A copy of an emulator's state (see {@link Emulator.snapshot}); opaque, reusable. */
export interface EmulatorSnapshot {
  /** The store's contents. */
  readonly store: StoreSnapshot;
  /** The keys at the time. */
  readonly keys: EmulatorKeys;
}

/** A running emulator. */
export interface Emulator extends AsyncDisposable {
  /** The REST API base URL, `http://127.0.0.1:<port>` (pass it as a client's `baseUrl`). */
  readonly url: string;
  /** The Events API base URL: the same server, which answers `/v2/enqueue` and `/v2/change/enqueue`. */
  readonly eventsUrl: string;
  /** The identity service's base URL (`/oauth/token`, ...): the same server (an `OAuthTokenClient`'s `baseUrl`). */
  readonly identityUrl: string;
  /** The OAuth clients the identity service knows (see the `oauthClients` option). */
  readonly oauthClients: readonly EmulatorOAuthClient[];
  /** Seconds an OAuth access token issued from now on is accepted. Assigning applies to the next token. */
  tokenLifetime: number;
  /** Revokes every OAuth access token issued so far: they answer 401 before their expiry. Returns how many lived. */
  revokeOAuthTokens(): number;
  /** The port listened on. */
  readonly port: number;
  /** The address listened on (the `host` option). */
  readonly host: string;
  /**
   * Puts the state back as it was at start (seeded data and the `fixtures` option), with
   * the clock's advance undone and the request log and webhook deliveries cleared. Faults,
   * latency and rate limits stay as set.
   */
  reset(): void;
  /** A copy of the state, to give to {@link restore} later (as often as wanted). */
  snapshot(): EmulatorSnapshot;
  /** Puts the state back as it was when `snapshot` was taken (ids to come included). */
  restore(snapshot: EmulatorSnapshot): void;
  /**
   * Moves the emulator's clock forward by `seconds` (on top of the `now` option's): on-call
   * shifts, maintenance windows, token expiry and rate-limit windows see the new time.
   * Returns it.
   */
  advanceClock(seconds: number): Date;
  /** Whether it answers CORS preflights and adds CORS headers (the `cors` option). */
  readonly cors: boolean;
  /** How `/mcp` authenticates (the `mcpAuth` option): `key`, or `oauth` (OAuth tokens only, found by discovery). */
  readonly mcpAuth: McpAuth;
  /** Whether `/mcp` has the write tools (the `mcpWriteTools` option). */
  readonly mcpWriteTools: boolean;
  /** Which of PagerDuty's tool sets `/mcp` serves (the `mcpToolSet` option). */
  readonly mcpToolSet: McpToolSet;
  /**
   * The keys it accepts: account-level, one user-scoped key per user, one routing key per
   * service (the seeded ones first, then those of fixtures).
   */
  readonly keys: EmulatorKeys;
  /** The in-memory state, for tests to read or arrange. */
  readonly state: EmulatorStore;
  /** The faults in force. Assigning replaces them and restarts their counts. */
  faults: FaultSettings;
  /** The simulated round-trip time in milliseconds (0: none). Assigning applies from the next request. */
  latency: number;
  /**
   * The rate limit in REST requests per API key per window (`undefined`: none). Assigning
   * starts every key's budget afresh.
   */
  rateLimit: number | undefined;
  /** The window of `rateLimit`, in whole seconds. Assigning starts every key's budget afresh. */
  rateLimitWindow: number;
  /** Requests seen and faults fired per kind, since the faults were last set. */
  readonly faultCounters: Readonly<Record<'dropConnection' | 'rateLimit' | 'serverError', FaultCounters>>;
  /** The latest requests served, oldest first (a copy). */
  readonly requests: RequestRecord[];
  /** Forgets the recorded requests. */
  clearRequests(): void;
  /**
   * Adds users, services and incidents with known ids (see {@link EmulatorFixtures}),
   * all or nothing; their keys are added to {@link keys} too.
   *
   * @throws RangeError listing every problem (an id, email, key or name taken, a field
   *   missing, a service or team that does not exist) before anything is added
   */
  addFixtures(fixtures: EmulatorFixtures): AddedFixtures;
  /**
   * Ends every MCP session at once, as a server that forgot them would: later requests
   * naming one get `404`, and tool calls in flight stop. Returns how many there were.
   */
  expireMcpSessions(): number;
  /**
   * The V3 webhooks sent to subscriptions (`/webhook_subscriptions`), oldest first (copies):
   * status, attempts, the exact body. The latest `webhooks.logSize` are kept.
   */
  readonly webhookDeliveries: WebhookDelivery[];
  /** Resolves once no webhook is pending: each delivered, dropped, failed or cancelled. */
  webhooksIdle(): Promise<void>;
  /** Forgets the recorded webhook deliveries (pending ones go on). */
  clearWebhookDeliveries(): void;
  /**
   * Stops listening, cancels pending webhooks, and closes every open connection (ending
   * MCP tool calls in flight).
   */
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** A timer that is cleared when `signal` aborts, so a cancelled tool leaves no timer behind. */
function cancellableTimer(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Starts an emulator on a loopback port and seeds its state.
 *
 * @param options - port, seed counts, fixtures, faults, latency, rate limit; all optional
 * @throws RangeError for invalid options, before anything listens (fixtures that clash
 *   with the seeded data are found after: the server is closed again)
 *
 * @example
 * ```ts
 * import { startEmulator } from 'pagerduty-client/emulator';
 * import { RestApiV2Client } from 'pagerduty-client';
 *
 * await using emulator = await startEmulator({ seedUsers: 20 });
 * const client = new RestApiV2Client(emulator.keys.account, { baseUrl: emulator.url });
 * const users = await client.listAll('users');
 * ```
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const port = resolvePort(options.port);
  const host = resolveHost(options.host);
  const seed = resolveSeedOptions(options);
  const mcpAuth = resolveMcpAuth(options.mcpAuth);
  if (options.fixtures !== undefined) assertFixtureShapes(options.fixtures);
  const log = new RequestLog(options.requestLogSize ?? 1000);
  const webhookOptions = resolveWebhookOptions(options.webhooks);
  // Faults draw from their own seeded source so that setting them never shifts the ids seeded data gets.
  const faultRandom = seededRandom(seed.seed ^ 0x5eed);
  let plan = new FaultPlan(options.faults ?? {}, faultRandom);
  let latency = resolveLatency(options.latency);
  let rateLimitWindow = resolveRateLimitWindow(options.rateLimitWindow);
  let limiter = options.rateLimit === undefined ? undefined : new KeyRateLimit(options.rateLimit, rateLimitWindow);

  const server = createServer();
  const address = await listen(server, port, host);
  // Every interface includes loopback: the URL to hand to a client on this machine.
  const urlHost = host === '0.0.0.0' || host === '::' ? EMULATOR_HOST : host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${address.port}`;
  const clockOf = options.now ?? (() => new Date());
  let clockAdvance = 0;
  const store = new EmulatorStore({
    baseUrl: url,
    random: seededRandom(seed.seed),
    now: () => new Date(clockOf().getTime() + clockAdvance),
  });
  store.oauth.lifetimes = {
    accessToken: checkLifetime('tokenLifetime', options.tokenLifetime ?? 86400),
    refreshToken: checkLifetime('refreshTokenLifetime', options.refreshTokenLifetime ?? 2592000),
  };
  if (options.oauthClients !== undefined) store.oauth.setClients(options.oauthClients);
  let keys: EmulatorKeys;
  const addFixtures = (fixtures: EmulatorFixtures): AddedFixtures => {
    const added = addFixturesTo(store, fixtures);
    keys = { ...keys, users: [...keys.users, ...added.users], routing: [...keys.routing, ...added.routing] };
    return added;
  };
  try {
    keys = seedStore(store, seed);
    if (options.fixtures !== undefined) addFixtures(options.fixtures);
  } catch (error) {
    server.close();
    throw error;
  }
  // The state at start, made again when asked for (seeding is deterministic): no copy of a
  // large seed is kept for a reset that may never come.
  const atStart = (): EmulatorSnapshot => {
    const fresh = new EmulatorStore({ baseUrl: url, random: seededRandom(seed.seed), now: store.now });
    const seeded = seedStore(fresh, seed);
    const added = options.fixtures === undefined ? undefined : addFixturesTo(fresh, options.fixtures);
    return {
      store: takeSnapshot(fresh),
      keys: added
        ? { ...seeded, users: [...seeded.users, ...added.users], routing: [...seeded.routing, ...added.routing] }
        : seeded,
    };
  };
  const restore = (snapshot: EmulatorSnapshot): void => {
    restoreSnapshot(store, snapshot.store);
    keys = snapshot.keys;
  };
  const advanceClock = (seconds: number): Date => {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`seconds must be 0 or more, got ${seconds}`);
    clockAdvance += seconds * 1000;
    runDueTimers(store);
    return store.now();
  };
  const reset = (): void => {
    restore(atStart());
    clockAdvance = 0;
    log.clear();
    webhooks.clear();
  };
  const webhooks = new WebhookDispatcher(store, webhookOptions);
  const sessions = new McpSessions();
  const mcp = {
    store,
    sessions,
    delay: options.delay ?? cancellableTimer,
    auth: mcpAuth,
    writeTools: options.mcpWriteTools ?? false,
    toolSet: resolveMcpToolSet(options.mcpToolSet),
    demoTools: options.mcpDemoTools ?? false,
  };
  server.on(
    'request',
    requestListener({
      store,
      faults: () => plan,
      log,
      latency: () => latency,
      delay: options.delay,
      limiter: () => limiter,
      mcp,
      cors: options.cors ?? false,
      admin: {
        state: () => ({ keys, now: store.now().toISOString(), ...adminState(store) }),
        addFixtures: (fixtures) => {
          assertFixtureShapes(fixtures as EmulatorFixtures);
          return addFixtures(fixtures as EmulatorFixtures);
        },
        reset,
        advanceClock,
      },
    }),
  );

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= Promise.all([
      webhooks.close(),
      new Promise<void>((resolve, reject) => {
        sessions.expireAll();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
    ]).then(() => undefined);
    return closed;
  };

  return {
    url,
    eventsUrl: url,
    identityUrl: url,
    get oauthClients(): readonly EmulatorOAuthClient[] {
      return store.oauth.clients;
    },
    get tokenLifetime(): number {
      return store.oauth.lifetimes.accessToken;
    },
    set tokenLifetime(seconds: number) {
      store.oauth.lifetimes = { ...store.oauth.lifetimes, accessToken: checkLifetime('tokenLifetime', seconds) };
    },
    revokeOAuthTokens: () => store.oauth.revokeAccessTokens(),
    port: address.port,
    host,
    reset,
    snapshot: () => ({ store: takeSnapshot(store), keys }),
    restore,
    advanceClock,
    cors: options.cors ?? false,
    mcpAuth,
    mcpWriteTools: mcp.writeTools,
    mcpToolSet: mcp.toolSet,
    get keys(): EmulatorKeys {
      return keys;
    },
    state: store,
    get faults(): FaultSettings {
      return plan.settings;
    },
    set faults(settings: FaultSettings) {
      plan = new FaultPlan(settings, faultRandom);
    },
    get latency(): number {
      return latency;
    },
    set latency(value: number) {
      latency = resolveLatency(value);
    },
    get rateLimit(): number | undefined {
      return limiter?.perMinute;
    },
    set rateLimit(value: number | undefined) {
      limiter = value === undefined ? undefined : new KeyRateLimit(value, rateLimitWindow);
    },
    get rateLimitWindow(): number {
      return rateLimitWindow;
    },
    set rateLimitWindow(value: number) {
      rateLimitWindow = resolveRateLimitWindow(value);
      if (limiter) limiter = new KeyRateLimit(limiter.perMinute, rateLimitWindow);
    },
    get faultCounters() {
      return plan.counters;
    },
    get requests(): RequestRecord[] {
      return log.records();
    },
    clearRequests: () => log.clear(),
    addFixtures,
    expireMcpSessions: () => sessions.expireAll(),
    get webhookDeliveries(): WebhookDelivery[] {
      return webhooks.deliveries();
    },
    webhooksIdle: () => webhooks.idle(),
    clearWebhookDeliveries: () => webhooks.clear(),
    close,
    [Symbol.asyncDispose]: close,
  };
}
