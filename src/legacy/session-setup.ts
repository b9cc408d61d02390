/**
 * What every session class does at construction: resolve `compat`, pick the policy of
 * that release, and turn it and `proxies` into the engine's options (the error factory
 * and the per-request proxy). Shared by `PDSession` and `APISession`, which cannot share
 * a base class because `APISession` extends the core `RestApiV2Client`.
 *
 * @module
 */
import { API_CLIENT_OPTION_NAMES, type ApiClientOptions, type PassThroughInit } from '../core/client/client-options.js';
import type { OptionNames } from '../core/client/option-names.js';
import type { InternalOptions } from '../core/client/internal-options.js';
import type { ProxySetting } from '../core/platform/proxy.js';
import { legacyPolicyFor, resolveCompat, type LegacyPolicy } from './compat.js';
import { SessionErrors } from './error-factory.js';
import type { CallSite, SessionFacts } from './legacy-failure.js';
import type { ApiClient } from '../core/client/api-client.js';
import { authSecret, type AuthMethod } from '../core/auth/auth-methods.js';
import { scrubSecret } from '../core/auth/scrub-secret.js';
import type { PdpyrasVersion } from './pdpyras-releases.js';
import { checkedSessionProxies, sessionProxySetting, type SessionProxies } from './proxies.js';

/** The engine's options a session does not take: the rate-limit opt-ins, which pdpyras had not. */
type NotOnSessions = 'rateLimiter' | 'onRateLimit';

/**
 * Options of every session (all optional): the engine's options, except the two that the
 * session sets from `compat` and `proxies` (`errorFactory` and `proxy`) and the rate-limit
 * opt-ins, plus these.
 */
export interface PDSessionOptions extends Omit<ApiClientOptions, NotOnSessions>, PassThroughInit {
  /** How the session waits between attempts, in seconds (tests inject one that does not wait). */
  sleep?: (seconds: number, signal?: AbortSignal) => Promise<void>;
  /** The random source of the stagger, uniform in [0, 1). @default Math.random */
  random?: () => number;
  /** Retry a host name that does not resolve, as pdpyras did. @default true */
  retryUnresolvedHosts?: boolean;
  /** How a request is keyed in `apiCallCounts` and `apiTime`. @default as the `compat` release keyed them */
  callKey?: (method: string, url: string, baseUrl: string) => string;
  /** Print one DEBUG line per attempt to standard error (sets `session.printDebug`). @default false */
  debug?: boolean;
  /** Not available on a session: the error classes follow `compat`. */
  errorFactory?: never;
  /** Not available on a session: use `proxies`, the predecessor's scheme-to-proxy object. */
  proxy?: never;
  /**
   * The pdpyras release to behave as, `major.minor.patch`. A malformed or unknown
   * version throws (`RangeError`) with the accepted releases in the message.
   * @default '5.4.1'
   */
  compat?: PdpyrasVersion;
  /**
   * Proxy URLs by scheme (`{ https: 'http://proxy:3128' }`), copied into
   * `session.proxies`. @default {} (the environment's `HTTPS_PROXY`/`NO_PROXY`)
   */
  proxies?: Readonly<SessionProxies>;
}

const { rateLimiter: _rateLimiter, onRateLimit: _onRateLimit, ...ENGINE_OPTION_NAMES } = API_CLIENT_OPTION_NAMES;

/** The names of {@link PDSessionOptions}, checked at construction (a rate-limit opt-in is an unknown option). */
export const PD_SESSION_OPTION_NAMES: OptionNames<PDSessionOptions> = Object.freeze({
  ...ENGINE_OPTION_NAMES,
  sleep: true,
  random: true,
  retryUnresolvedHosts: true,
  callKey: true,
  compress: true,
  size: true,
  errorFactory: true,
  compat: true,
  proxies: true,
});

/** The outcome of {@link sessionSetup}. */
export interface SessionSetup {
  /** The resolved `compat`. */
  readonly compat: PdpyrasVersion;
  /** The policy of that release. */
  readonly policy: LegacyPolicy;
  /**
   * Holds the session's `proxies` (a copy of the option); the engine's proxy setting
   * reads `current` at every request, so the session's accessor writes through it.
   */
  readonly proxies: { current: SessionProxies };
  /** The options to pass on to the core class. */
  readonly engine: ApiClientOptions & { proxy: ProxySetting };
  /** The engine settings the session sets through the core's internal options. */
  readonly internal: InternalOptions;
  /** The session's errors: their factory is in `internal`; the session binds itself to them once built. */
  readonly errors: SessionErrors;
}

/**
 * Resolves a session's options.
 *
 * @param options - the session options (never changed)
 * @throws TypeError / RangeError for an invalid `compat`; TypeError for invalid `proxies`
 */
export function sessionSetup<T extends PDSessionOptions>(options: T): SessionSetup {
  const {
    compat: requested,
    proxies: given,
    errorFactory: _errorFactory,
    proxy: _proxy,
    sleep,
    random,
    retryUnresolvedHosts,
    callKey,
    compress,
    size,
    ...engine
  } = options;
  const compat = resolveCompat(requested);
  const policy = legacyPolicyFor(compat);
  const proxies = { current: { ...checkedSessionProxies(given ?? {}) } };
  const errors = new SessionErrors(policy);
  return {
    errors,
    compat,
    policy,
    proxies,
    // pdpyras retried every request alike, a POST that creates included.
    engine: { retryWrites: true, ...engine, proxy: sessionProxySetting(() => proxies.current) },
    internal: {
      // pdpyras retried every connection error, a name that does not resolve included.
      retryUnresolvedHosts: retryUnresolvedHosts ?? true,
      errorFactory: errors.factory,
      ...definedOnly({ sleep, random, callKey, compress, size }),
    },
  };
}

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * A session's settings as its error wording reads them, each read when an error is worded.
 *
 * @param auth - the session's credential, read at each use (it may be replaced)
 * @param tables - a REST session's lookups: canonical paths and response wrappers
 */
export function sessionFacts(
  session: ApiClient,
  auth: () => AuthMethod,
  tables: Pick<SessionFacts, 'canonicalPathOf' | 'responseWrapperOf'> = {},
): SessionFacts {
  return {
    get redactedSecret() {
      return session.redactedSecret;
    },
    get maxNetworkAttempts() {
      return session.maxNetworkAttempts;
    },
    get permittedMethods() {
      return session.permittedMethods;
    },
    get url() {
      return session.url;
    },
    scrub: (text) => scrubSecret(text, authSecret(auth())),
    ...tables,
  };
}

/** What `request` knew of a failed call: the URL before `params` were appended (pdpyras named it so). */
export function requestSite(session: Pick<ApiClient, 'normalizeUrl'>, url: string): CallSite {
  try {
    return { urlBeforeParams: session.normalizeUrl(url) };
  } catch {
    return {};
  }
}
