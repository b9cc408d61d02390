/**
 * The emulator's identity service state: OAuth clients, authorization codes, access and refresh tokens, each
 * with the lifetime the emulator was started with, so that tests live through many token lifetimes in seconds.
 *
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import type { KeyIdentity } from './store.js';

/** An OAuth client the emulator's identity service knows. */
export interface EmulatorOAuthClient {
  /** The client id. */
  readonly clientId: string;
  /** The secret of a confidential client; none for a public (PKCE) client. */
  readonly clientSecret?: string;
}

/** The two clients every emulator knows, unless its `oauthClients` option says otherwise. */
export const DEFAULT_OAUTH_CLIENTS: readonly EmulatorOAuthClient[] = Object.freeze([
  { clientId: 'emulator-app', clientSecret: 'emulator-app-secret' },
  { clientId: 'emulator-public-app' },
]);

/** Lifetimes in seconds: the service's own by default (an access token lives a day, a refresh token 30 days). */
export interface TokenLifetimes {
  /** Seconds an access token (user or app) is accepted. @default 86400 */
  accessToken: number;
  /** Seconds a refresh token may be used. @default 2592000 */
  refreshToken: number;
}

/** The fields of a token response (`POST /oauth/token`). */
export interface IssuedTokens {
  /** The access token. */
  access_token: string;
  /** Always `bearer`. */
  token_type: 'bearer';
  /** Seconds the access token is accepted. */
  expires_in: number;
  /** The scopes granted, space-separated. */
  scope: string;
  /** The refresh token (code and refresh grants only). */
  refresh_token?: string;
}

/** Why a grant was refused, with the OAuth error code the service answers. */
export class GrantRefusal extends Error {
  constructor(
    readonly code:
      | 'invalid_client'
      | 'invalid_grant'
      | 'invalid_request'
      | 'invalid_scope'
      | 'invalid_target'
      | 'unauthorized_client',
    message: string,
  ) {
    super(message);
  }
}

interface AccessToken {
  readonly identity: KeyIdentity;
  /** The client and user it was issued to: what stays the same when it is renewed. */
  readonly principal: string;
  readonly expiresAt: number;
  revoked: boolean;
}

interface RefreshToken {
  readonly clientId: string;
  readonly identity: KeyIdentity;
  readonly scope: string;
  readonly expiresAt: number;
}

interface AuthorizationCode {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scope: string;
  readonly codeChallenge: string | undefined;
  readonly identity: KeyIdentity;
  readonly expiresAt: number;
}

// An authorization code is short-lived, as the service's are.
const CODE_LIFETIME_SECONDS = 600;

function opaque(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Checks a lifetime: a positive number of seconds. @throws RangeError otherwise */
export function checkLifetime(name: string, seconds: number): number {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new RangeError(`${name} must be a positive number of seconds, got ${String(seconds)}`);
  }
  return seconds;
}

/** The identity service's state, on the emulator's clock. */
export class OAuthTokens {
  readonly #now: () => Date;
  readonly #clients = new Map<string, EmulatorOAuthClient>();
  readonly #access = new Map<string, AccessToken>();
  readonly #refresh = new Map<string, RefreshToken>();
  readonly #codes = new Map<string, AuthorizationCode>();
  /** The lifetimes of the tokens issued from now on. */
  lifetimes: TokenLifetimes = { accessToken: 86400, refreshToken: 2592000 };

  constructor(now: () => Date) {
    this.#now = now;
    for (const client of DEFAULT_OAUTH_CLIENTS) this.#clients.set(client.clientId, client);
  }

  /** The clients known, in the order they were added. */
  get clients(): EmulatorOAuthClient[] {
    return [...this.#clients.values()].map((client) => ({ ...client }));
  }

  /** Replaces the known clients. */
  setClients(clients: readonly EmulatorOAuthClient[]): void {
    this.#clients.clear();
    for (const client of clients) {
      if (typeof client.clientId !== 'string' || client.clientId === '') {
        throw new RangeError('an OAuth client needs a non-empty clientId');
      }
      this.#clients.set(client.clientId, { ...client });
    }
  }

  /** Whom a live access token speaks for; `undefined` for an unknown, expired or revoked one. */
  identify(token: string): KeyIdentity | undefined {
    const found = this.#access.get(token);
    if (!found || found.revoked || found.expiresAt <= this.#now().getTime()) return undefined;
    return found.identity;
  }

  /** The client and user a live access token was issued to (`oauth:<client>:<user or account>`). */
  principal(token: string): string | undefined {
    return this.identify(token) === undefined ? undefined : this.#access.get(token)?.principal;
  }

  /** Revokes one access or refresh token; `false` when it is not known. */
  revoke(token: string): boolean {
    const access = this.#access.get(token);
    if (access) access.revoked = true;
    return this.#refresh.delete(token) || access !== undefined;
  }

  /** Revokes every access token issued so far (they answer 401 from now on); returns how many were live. */
  revokeAccessTokens(): number {
    let live = 0;
    for (const token of this.#access.keys()) if (this.identify(token)) live += 1;
    for (const token of this.#access.values()) token.revoked = true;
    return live;
  }

  /**
   * Checks the client of a token request: a confidential client must send its secret, a public one none.
   * @throws GrantRefusal `invalid_client`
   */
  client(clientId: string | undefined, clientSecret: string | undefined): EmulatorOAuthClient {
    const client = clientId === undefined ? undefined : this.#clients.get(clientId);
    const secretMatches = client?.clientSecret === undefined ? !clientSecret : client.clientSecret === clientSecret;
    if (!client || !secretMatches) throw new GrantRefusal('invalid_client', 'Client authentication failed');
    return client;
  }

  /** An app token (`client_credentials`): account-level, no refresh token. */
  clientCredentials(client: EmulatorOAuthClient, scope: string | undefined): IssuedTokens {
    if (client.clientSecret === undefined) {
      throw new GrantRefusal('unauthorized_client', 'A public client cannot use the client_credentials grant');
    }
    if (!scope || !/(^|\s)as_account-(us|eu)\.\S+/.test(scope)) {
      throw new GrantRefusal('invalid_scope', 'The scope must name the account: as_account-{us|eu}.{subdomain}');
    }
    return this.#issue({ kind: 'account' }, scope, client.clientId, false);
  }

  /** Remembers a code for `identity` (the authorize endpoint approves at once). */
  authorize(
    client: EmulatorOAuthClient,
    request: { redirectUri: string; scope: string; codeChallenge?: string; method?: string },
    identity: KeyIdentity,
  ): string {
    if (request.codeChallenge === undefined && client.clientSecret === undefined) {
      throw new GrantRefusal('invalid_request', 'A public client must send a code_challenge (PKCE)');
    }
    if (request.codeChallenge !== undefined && request.method !== 'S256') {
      throw new GrantRefusal('invalid_request', 'code_challenge_method must be S256');
    }
    const code = opaque('code');
    this.#codes.set(code, {
      clientId: client.clientId,
      redirectUri: request.redirectUri,
      scope: request.scope,
      codeChallenge: request.codeChallenge,
      identity,
      expiresAt: this.#now().getTime() + CODE_LIFETIME_SECONDS * 1000,
    });
    return code;
  }

  /** A user token for a code (used once), its PKCE verifier checked against the challenge (S256). */
  authorizationCode(
    client: EmulatorOAuthClient,
    code: string | undefined,
    redirectUri: string | undefined,
    verifier: string | undefined,
  ): IssuedTokens {
    const found = code === undefined ? undefined : this.#codes.get(code);
    if (code !== undefined) this.#codes.delete(code);
    if (!found || found.clientId !== client.clientId || found.expiresAt <= this.#now().getTime()) {
      throw new GrantRefusal('invalid_grant', 'The authorization code is unknown, used or expired');
    }
    if (found.redirectUri !== redirectUri) throw new GrantRefusal('invalid_grant', 'redirect_uri does not match');
    if (found.codeChallenge !== undefined && (verifier === undefined || s256(verifier) !== found.codeChallenge)) {
      throw new GrantRefusal('invalid_grant', 'The code_verifier does not match the code_challenge');
    }
    return this.#issue(found.identity, found.scope, client.clientId, true);
  }

  /** A new token pair for a refresh token; the old refresh token stops working (refresh tokens rotate). */
  refreshToken(client: EmulatorOAuthClient, token: string | undefined): IssuedTokens {
    const found = token === undefined ? undefined : this.#refresh.get(token);
    if (token !== undefined) this.#refresh.delete(token);
    if (!found || found.clientId !== client.clientId || found.expiresAt <= this.#now().getTime()) {
      throw new GrantRefusal('invalid_grant', 'The refresh token is unknown, used or expired');
    }
    return this.#issue(found.identity, found.scope, client.clientId, true);
  }

  #issue(identity: KeyIdentity, scope: string, clientId: string, withRefresh: boolean): IssuedTokens {
    const now = this.#now().getTime();
    const { accessToken, refreshToken } = this.lifetimes;
    const access = opaque('pdus');
    const principal = `oauth:${clientId}:${identity.kind === 'user' ? identity.userId : 'account'}`;
    this.#access.set(access, { identity, principal, expiresAt: now + accessToken * 1000, revoked: false });
    const issued: IssuedTokens = { access_token: access, token_type: 'bearer', expires_in: accessToken, scope };
    if (withRefresh) {
      const refresh = opaque('pdrt');
      this.#refresh.set(refresh, { clientId, identity, scope, expiresAt: now + refreshToken * 1000 });
      issued.refresh_token = refresh;
    }
    return issued;
  }
}
