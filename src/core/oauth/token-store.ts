// Where a managed token lives between renewals, so that many clients, or many processes, share one token.

/** A token as a store keeps it: what a renewal needs, without the grant's other fields. */
export interface StoredToken {
  /** The access token. */
  readonly accessToken: string;
  /** When it expires, in milliseconds since the epoch. */
  readonly expiresAt: number;
  /** The seconds it was issued for (`expires_in`): the early-renewal margin is a fraction of it. */
  readonly lifetime: number;
  /** The refresh token that came with it (user tokens; app tokens have none). */
  readonly refreshToken?: string;
}

/** Releases a renewal lock. */
export type ReleaseLock = () => Promise<void>;

/**
 * Shared storage of managed tokens, by key. The library ships an in-memory store (the default, one process),
 * a file store (processes of one machine) and a Redis store (`pagerduty-client/rate-limit-redis`, processes
 * anywhere). A store holds live credentials: keep it private (the file store writes mode 0600).
 */
export interface TokenStore {
  /** The token stored under `key`, or `undefined`. */
  read(key: string): Promise<StoredToken | undefined>;
  /** Stores `token` under `key`, replacing any other at once (a reader never sees half of it). */
  write(key: string, token: StoredToken): Promise<void>;
  /**
   * Takes the renewal lock of `key` for at most `seconds` (it is freed by then even when its holder died):
   * resolves to its release, or to `undefined` when another holder has it.
   */
  lock(key: string, seconds: number): Promise<ReleaseLock | undefined>;
}

/** Checks a token read from a shared store: anything else is treated as no token at all. */
export function isStoredToken(value: unknown): value is StoredToken {
  const token = value as Partial<StoredToken> | null;
  return (
    typeof token === 'object' &&
    token !== null &&
    typeof token.accessToken === 'string' &&
    token.accessToken !== '' &&
    typeof token.expiresAt === 'number' &&
    Number.isFinite(token.expiresAt) &&
    typeof token.lifetime === 'number' &&
    token.lifetime > 0 &&
    (token.refreshToken === undefined || typeof token.refreshToken === 'string')
  );
}

/**
 * The default store: one process's memory. Share one instance between providers to share their tokens.
 *
 * @example
 * ```ts
 * const store = new InMemoryTokenStore();
 * const provider = clientCredentialsTokenProvider({ clientId, clientSecret, scope, store });
 * ```
 */
export class InMemoryTokenStore implements TokenStore {
  readonly #tokens = new Map<string, StoredToken>();
  readonly #locks = new Map<string, number>();
  readonly #now: () => number;

  /** @param now - the clock of the locks' expiry (milliseconds since the epoch) @default Date.now */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async read(key: string): Promise<StoredToken | undefined> {
    return this.#tokens.get(key);
  }

  async write(key: string, token: StoredToken): Promise<void> {
    this.#tokens.set(key, { ...token });
  }

  async lock(key: string, seconds: number): Promise<ReleaseLock | undefined> {
    const held = this.#locks.get(key);
    if (held !== undefined && held > this.#now()) return undefined;
    const until = this.#now() + seconds * 1000;
    this.#locks.set(key, until);
    return async () => {
      if (this.#locks.get(key) === until) this.#locks.delete(key);
    };
  }
}
