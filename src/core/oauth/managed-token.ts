// The renewal engine behind the managed token providers: one token, renewed ahead of its expiry or after a
// refusal, one renewal at a time (in the process: one shared promise; across processes: the store's lock).
import type { TokenProvider } from '../auth/token-provider.js';
import type { Region } from '../client/regions.js';
import { UntrustedFileError } from '../files/untrusted-file-error.js';
import { OAuthGrantError } from './oauth-grant-error.js';
import { renewalDue } from './renewal-timing.js';
import type { StoredToken, TokenStore } from './token-store.js';

/** Gets a new token; `previous` is the latest known (a refresh grant needs its refresh token). */
export type FetchToken = (previous: StoredToken | undefined) => Promise<StoredToken>;

export interface ManagedTokenSetup {
  readonly fetchToken: FetchToken;
  readonly store: TokenStore;
  readonly key: string;
  readonly now: () => number;
  readonly earlyRenewal: number | undefined;
  readonly region: Region | undefined;
  /** The token known before the first renewal (a user token handed over with its refresh token). */
  readonly initial?: StoredToken;
  /** How long to wait between looks at the store while another process renews. @default 50 ms, real time */
  readonly pause?: (milliseconds: number) => Promise<void>;
  /** Frees the connections of the token requests. */
  readonly close?: () => void;
}

// A renewal that takes longer than this frees its lock anyway, so that a process that died does not block the
// others; the others look again every 50 ms meanwhile.
const LOCK_SECONDS = 30;
const LOOK_AGAIN_MS = 50;

// What a store that failed to lock stands for: renew without the lock.
const NO_LOCK = async (): Promise<void> => undefined;

// A store that fails (Redis down, a full disk) never fails a call: this process then renews on its own. One that
// refuses its file as not the user's own (a token planted by someone else) fails it: the user must fix that.
function outage<T>(fallback: T): (error: unknown) => T {
  return (error) => {
    if (error instanceof UntrustedFileError) throw error;
    return fallback;
  };
}

const realPause = (milliseconds: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, milliseconds));

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * A {@link TokenProvider} that renews its token itself. Built by `clientCredentialsTokenProvider` and
 * `refreshTokenProvider`.
 */
export class ManagedTokenProvider implements TokenProvider {
  /** The region of the token's scope (`as_account-eu.`), which a client on this provider defaults to. */
  readonly region: Region | undefined;
  readonly #setup: ManagedTokenSetup;
  #current: StoredToken | undefined;
  #renewing: Promise<StoredToken> | undefined;
  #refusedForGood: OAuthGrantError | undefined;

  /** @internal */
  constructor(setup: ManagedTokenSetup) {
    this.#setup = setup;
    this.region = setup.region;
    this.#current = setup.initial;
    // For util.inspect and console.log. Not a `[Symbol.for(...)]()` method: a computed key keeps the whole class
    // (and what it uses) in every consumer's bundle that loads this module, used or not (a page's REST client).
    Object.defineProperty(this, INSPECT, { value: () => this.toString() });
  }

  /**
   * The current token, renewed first when it is due; concurrent callers share one renewal.
   * @throws OAuthGrantError when the identity service refused the credentials for good (at once, every time after)
   */
  async getToken(): Promise<string> {
    if (this.#refusedForGood) throw this.#refusedForGood;
    const current = this.#current;
    if (current && !this.#due(current)) return current.accessToken;
    return (await this.#renew(undefined)).accessToken;
  }

  /**
   * The API refused `token`: a new one is got (once, whatever the number of requests refused with it).
   * @returns `true` once a new token is ready
   */
  async refused(refusal: { token: string; status: number; wwwAuthenticate?: string }): Promise<boolean> {
    if (this.#refusedForGood) return false;
    const current = this.#current;
    if (current && current.accessToken !== refusal.token && !this.#due(current)) return true;
    const renewed = await this.#renew(refusal.token);
    return renewed.accessToken !== refusal.token;
  }

  /** Seconds until the current token expires, `undefined` before the first one (for tests and dashboards). */
  expiresIn(): number | undefined {
    return this.#current ? (this.#current.expiresAt - this.#setup.now()) / 1000 : undefined;
  }

  /** Frees the connections of its token requests (not the store's). It must not be used afterwards. */
  close(): void {
    this.#setup.close?.();
  }

  /** `await using provider = ...` closes it at the end of the block. */
  async [Symbol.asyncDispose](): Promise<void> {
    this.close();
  }

  /** A readable form that never shows a token. */
  toString(): string {
    return `ManagedTokenProvider(${this.#setup.key})`;
  }

  /** The same readable form, for `JSON.stringify`. */
  toJSON(): string {
    return this.toString();
  }

  #due(token: StoredToken): boolean {
    return renewalDue(token, this.#setup.now(), this.#setup.earlyRenewal);
  }

  // A token is usable when it is not due and is not the one the API refused.
  #usable(token: StoredToken | undefined, refused: string | undefined): token is StoredToken {
    return token !== undefined && token.accessToken !== refused && !this.#due(token);
  }

  #renew(refused: string | undefined): Promise<StoredToken> {
    this.#renewing ??= this.#renewShared(refused).finally(() => {
      this.#renewing = undefined;
    });
    return this.#renewing;
  }

  async #renewShared(refused: string | undefined): Promise<StoredToken> {
    const { store, key } = this.#setup;
    const pause = this.#setup.pause ?? realPause;
    for (;;) {
      const seen = await store.read(key).catch(outage(undefined));
      if (this.#usable(seen, refused)) return this.#adopt(seen);
      const release = await store.lock(key, LOCK_SECONDS).catch(outage(NO_LOCK));
      if (release === undefined) {
        // Another process renews: its token will be in the store.
        await pause(LOOK_AGAIN_MS);
        continue;
      }
      try {
        const again = release === NO_LOCK ? undefined : await store.read(key).catch(outage(undefined));
        if (this.#usable(again, refused)) return this.#adopt(again);
        const fresh = await this.#fetch(newest(again, this.#current));
        await store.write(key, fresh).catch(outage(undefined));
        return this.#adopt(fresh);
      } finally {
        await release().catch(() => undefined);
      }
    }
  }

  async #fetch(previous: StoredToken | undefined): Promise<StoredToken> {
    try {
      return await this.#setup.fetchToken(previous);
    } catch (error) {
      if (error instanceof OAuthGrantError) this.#refusedForGood = error;
      throw error;
    }
  }

  #adopt(token: StoredToken): StoredToken {
    this.#current = token;
    return token;
  }
}

// The store's token may be older than the one this process was handed (a refresh token rotated elsewhere is
// newer in the store; one handed over at start is newer here): the later expiry wins.
function newest(stored: StoredToken | undefined, held: StoredToken | undefined): StoredToken | undefined {
  if (!stored) return held;
  if (!held) return stored;
  return held.expiresAt > stored.expiresAt ? held : stored;
}
