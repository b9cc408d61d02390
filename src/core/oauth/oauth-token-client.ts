import { withApiClientOptionNames } from '../client/client-options.js';
import { checkedOptions } from '../client/internal-options.js';
import { checkOptionNames, type OptionNames } from '../client/option-names.js';
import type { FetchResponse as Response } from '../platform/fetch-types.js';
import { ApiClient, type ApiClientOptions, type Endpoint, type HttpMethod } from '../client/api-client.js';
import { clientCredentialsAuth, publicClientAuth } from '../auth/auth-methods.js';
import { decodeJsonBody } from '../errors/json-body.js';
import { RestApiV2Client } from '../rest/rest-api-v2-client.js';
import type { RestApiV2ClientOptions } from '../rest/rest-options.js';
import {
  buildAuthorizeUrl,
  IDENTITY_BASE_URL,
  createS256PkcePair,
  type PkcePair,
  type RandomBytes,
} from './authorize-url.js';
import { datetimeToRelativeSeconds, amendTokenResponse, type OAuthTokenResponse } from './token-response.js';
import { requireStrings } from './oauth-grant-error.js';
import { regionalBaseUrl } from '../client/regions.js';

const TOKEN_PATH = '/oauth/token';

/** Options of {@link OAuthTokenClient}: the engine's, plus the refresh buffer and test seams. */
export interface OAuthTokenClientOptions extends ApiClientOptions {
  /**
   * Seconds before expiry from which `refreshClient` refreshes; a positive integer. The specification's
   * default, a day, refreshes a scoped user token (which lives a day) at every call: pass a smaller buffer
   * (`3600`) to keep one for most of its life, or use a managed token provider, which renews on its own rule.
   * @default 86400
   */
  earlyRefreshBuffer?: number;
  /** The clock (milliseconds since the epoch) for `expiration_date` and refresh decisions. @default Date.now */
  now?: () => number;
  /** The random source of {@link OAuthTokenClient.generateS256PkceParams}. @default crypto.getRandomValues */
  randomBytes?: RandomBytes;
}

export const OAUTH_TOKEN_CLIENT_OPTION_NAMES: OptionNames<OAuthTokenClientOptions> =
  /* @__PURE__ */ withApiClientOptionNames({
    earlyRefreshBuffer: true,
    now: true,
    randomBytes: true,
  });

/** Options of the REST client that {@link OAuthTokenClient.refreshClient} builds (it always uses bearer auth). */
export type RefreshClientOptions = Omit<RestApiV2ClientOptions, 'authType'>;

// The specification's default (behavior-spec.md, Limits; api-contract.md), kept as specified.
export const DEFAULT_EARLY_REFRESH_BUFFER = 86400;

function positiveInteger(name: string, value: number): number {
  if (typeof value !== 'number' || Number.isNaN(value)) throw new TypeError(`${name} must be a number`);
  if (!Number.isInteger(value) || value <= 0) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/**
 * The OAuth exchanges of a registered PagerDuty app: form-encoded POSTs to `/oauth/token`; every
 * response gains `expiration_date`. The client secret is never printed, logged or put in an error.
 *
 * @example
 * ```ts
 * const { PAGERDUTY_OAUTH_CLIENT_SECRET, PAGERDUTY_OAUTH_CLIENT_ID } = process.env;
 * const oauth = new OAuthTokenClient(PAGERDUTY_OAUTH_CLIENT_SECRET!, PAGERDUTY_OAUTH_CLIENT_ID!);
 * const token = await oauth.getScopedAppToken('as_account-us.companysubdomain incidents.read');
 * ```
 */
export class OAuthTokenClient extends ApiClient {
  /** The OAuth client id of the app (not a secret). */
  readonly clientId: string;
  /** Whether this is a public client (no secret: PKCE code grant and refresh only). */
  readonly isPublic: boolean;
  #earlyRefreshBuffer = DEFAULT_EARLY_REFRESH_BUFFER;
  readonly #now: () => number;
  readonly #randomBytes: RandomBytes | undefined;

  /**
   * @param clientSecret - the app's client secret; `null` for a public client (a command-line tool, a single-page
   *   or mobile app), which has none: it sends only `client_id` and uses the PKCE code grant and refresh
   * @param clientId - the app's client id
   * @param options - engine options (`baseUrl` defaults to `https://identity.pagerduty.com`), `earlyRefreshBuffer`
   * @example
   * ```ts
   * const cli = new OAuthTokenClient(null, 'my-public-client-id'); // PKCE, no secret
   * const [verifier, challenge] = cli.generateS256PkceParams();
   * ```
   */
  constructor(clientSecret: string | null, clientId: string, options: OAuthTokenClientOptions = {}) {
    checkOptionNames('OAuthTokenClient', options, OAUTH_TOKEN_CLIENT_OPTION_NAMES);
    const { earlyRefreshBuffer, now, randomBytes, ...engine } = options;
    if (clientSecret === '') {
      throw new TypeError('clientSecret is an empty string; pass null for a public client, which has no secret');
    }
    super(
      clientSecret === null || clientSecret === undefined
        ? publicClientAuth(clientId)
        : clientCredentialsAuth(clientId, clientSecret),
      checkedOptions({
        ...engine,
        baseUrl: engine.baseUrl ?? regionalBaseUrl(IDENTITY_BASE_URL, engine.region, undefined),
      }),
    );
    this.isPublic = clientSecret === null || clientSecret === undefined;
    this.clientId = clientId;
    this.earlyRefreshBuffer = earlyRefreshBuffer ?? DEFAULT_EARLY_REFRESH_BUFFER;
    this.#now = now ?? Date.now;
    this.#randomBytes = randomBytes;
  }

  /** Seconds before expiration from which {@link OAuthTokenClient.refreshClient} refreshes (positive integer). */
  get earlyRefreshBuffer(): number {
    return this.#earlyRefreshBuffer;
  }

  /** Sets the buffer; anything but a positive integer throws `RangeError` (`TypeError` for a non-number). */
  set earlyRefreshBuffer(seconds: number) {
    this.#earlyRefreshBuffer = positiveInteger('earlyRefreshBuffer', seconds);
  }

  /** Only POST: the token endpoint is the one endpoint this client calls. */
  override get permittedMethods(): readonly HttpMethod[] {
    return ['POST'];
  }

  /**
   * A token request acts on nothing the caller could find twice: a repeated grant gets a
   * second token or is refused (`invalid_grant`), so it is retried like a read. @internal
   */
  protected override endpoint(method: HttpMethod, url: string): Endpoint {
    return { ...super.endpoint(method, url), retryMode: 'idempotent' };
  }

  /**
   * The URL the user visits to authorize the app (code grant, leg 1); the identity service then
   * redirects to `redirectUri` with a `code` query parameter. No request is made.
   * @param scope - the scopes requested, space-separated
   * @param redirectUri - the app's redirect URI, as registered
   */
  authorizeUrl(scope: string, redirectUri: string): string {
    return buildAuthorizeUrl({ clientId: this.clientId, scope, redirectUri, baseUrl: this.url });
  }

  /**
   * A new S256 PKCE pair: keep the verifier until the code comes back, put the challenge in the authorize URL.
   * @returns `[codeVerifier, codeChallenge]`: 43 base64url characters from 32 random bytes, and its SHA-256
   */
  generateS256PkceParams(): PkcePair {
    return createS256PkcePair(this.#randomBytes);
  }

  /**
   * {@link OAuthTokenClient.authorizeUrl} plus `code_challenge` and `code_challenge_method=S256`.
   * @param scope - the scopes requested, space-separated
   * @param redirectUri - the app's redirect URI
   * @param codeChallenge - the challenge from {@link OAuthTokenClient.generateS256PkceParams}
   */
  getPkceAuthorizeUrl(scope: string, redirectUri: string, codeChallenge: string): string {
    return buildAuthorizeUrl({ clientId: this.clientId, scope, redirectUri, codeChallenge, baseUrl: this.url });
  }

  /**
   * Exchanges an authorization code for a user token (code grant, leg 3).
   * @param code - the `code` query parameter the redirect URI received
   * @param scope - the scope of the authorize request
   * @param redirectUri - the redirect URI of the authorize request
   * @throws TypeError when an argument is missing, empty or not a string (nothing is sent)
   * @throws HttpError when the identity service refuses; HttpServerError when the response lacks `expires_in`
   * @example
   * ```ts
   * const token = await oauth.getNewTokenFromCode(code, 'read', redirectUri);
   * ```
   */
  async getNewTokenFromCode(code: string, scope: string, redirectUri: string): Promise<OAuthTokenResponse> {
    requireStrings('getNewTokenFromCode', { code, scope, redirectUri });
    return this.getNewToken({ grant_type: 'authorization_code', code, scope, redirect_uri: redirectUri });
  }

  /**
   * {@link OAuthTokenClient.getNewTokenFromCode} with PKCE: sends the `code_verifier` too.
   * @param code - the `code` query parameter the redirect URI received
   * @param scope - the scope of the authorize request
   * @param redirectUri - the redirect URI of the authorize request
   * @param codeVerifier - the verifier whose challenge was in the authorize URL
   */
  async getNewTokenFromCodeWithPkce(
    code: string,
    scope: string,
    redirectUri: string,
    codeVerifier: string,
  ): Promise<OAuthTokenResponse> {
    requireStrings('getNewTokenFromCodeWithPkce', { code, scope, redirectUri, codeVerifier });
    return this.getNewToken({
      grant_type: 'authorization_code',
      code,
      scope,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    });
  }

  /**
   * A new access token from a refresh token; store the whole response, it may carry a new refresh token.
   * @param refreshToken - the `refresh_token` of an earlier response
   */
  async getRefreshedToken(refreshToken: string): Promise<OAuthTokenResponse> {
    requireStrings('getRefreshedToken', { refreshToken });
    return this.getNewToken({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /**
   * A scoped app token (client-credentials grant), for a server-side app acting as itself.
   * @param scope - the scopes requested, space-separated
   */
  async getScopedAppToken(scope: string): Promise<OAuthTokenResponse> {
    requireStrings('getScopedAppToken', { scope });

    return this.getNewToken({ grant_type: 'client_credentials', scope });
  }

  /**
   * Sends one token request (the grant methods call it): a form-encoded POST to `/oauth/token` with
   * `fields` plus `client_id` and `client_secret`.
   * @param fields - `grant_type` and the grant's own fields
   * @throws HttpError for a non-success status; HttpServerError for a body without `expires_in` or `access_token`
   */
  async getNewToken(fields: Readonly<Record<string, string>>): Promise<OAuthTokenResponse> {
    requireStrings('getNewToken', fields);
    if (this.isPublic && fields.grant_type === 'client_credentials') {
      throw new TypeError(
        'a public client (no secret) cannot use the client_credentials grant: ' +
          'give the app its client secret, or use the PKCE code grant',
      );
    }
    const response = await this.post(TOKEN_PATH, { form: fields });
    const text = await this.successText('POST', response);
    const body = decodeJsonBody(text, { emptyIsNull: false });
    if (!body.ok) throw this.#badTokenResponse(response, text, 'token response is not valid JSON');
    const amended = amendTokenResponse(body.value, this.#now());
    if (!amended.ok) throw this.#badTokenResponse(response, text, amended.problem);
    return amended.response;
  }

  /**
   * A REST API v2 client with bearer auth and a token that has at least `earlyRefreshBuffer` seconds
   * left: the current token when it has, else a refreshed one. The client holds that one token: for a
   * client that renews its token as it goes, give it a `refreshTokenProvider` instead.
   * @param accessToken - the current access token
   * @param refreshToken - its refresh token
   * @param expirationDate - its `expiration_date` (ISO 8601 with an offset)
   * @param options - options of the REST client (`baseUrl`, `defaultFrom`, engine options)
   * @returns `[client, response]`: the new token response when a refresh happened (store it), else `null`
   * @throws RangeError when `expirationDate` is not an ISO 8601 date-time with an offset
   * @example
   * ```ts
   * const [client, refreshed] = await oauth.refreshClient(accessToken, refreshToken, expiresAt);
   * if (refreshed) save(refreshed);
   * ```
   */
  async refreshClient(
    accessToken: string,
    refreshToken: string,
    expirationDate: string,
    options: RefreshClientOptions = {},
  ): Promise<[RestApiV2Client, OAuthTokenResponse | null]> {
    requireStrings('refreshClient', { accessToken, refreshToken, expirationDate });
    let refreshed: OAuthTokenResponse | null = null;
    let token = accessToken;
    if (datetimeToRelativeSeconds(expirationDate, this.#now()) < this.#earlyRefreshBuffer) {
      refreshed = await this.getRefreshedToken(refreshToken);
      token = refreshed.access_token;
    }
    return [new RestApiV2Client(token, { ...options, authType: 'bearer' }), refreshed];
  }

  /** An `HttpServerError` that does not quote the body in its message: it may hold a token. */
  #badTokenResponse(response: Response, text: string, problem: string): Error {
    const url = response.url || this.normalizeUrl(TOKEN_PATH);
    const detail = `API responded unexpectedly: ${problem}`;
    return this.httpError({ method: 'POST', url, response, body: text, detail, quoteBody: false });
  }
}
