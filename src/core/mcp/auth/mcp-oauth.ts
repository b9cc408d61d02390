import type * as oauth from 'oauth4webapi';
import { isLoopbackHost } from '../../request/url.js';
import type { TokenProvider } from '../../auth/token-provider.js';
import { earlyRenewalSeconds } from '../../oauth/renewal-timing.js';
import type { McpOAuthClient, McpOAuthOptions, McpOAuthTokens } from './mcp-oauth-options.js';
import {
  McpAuthorizationError,
  discoverAuthorizationServer,
  discoverResource,
  loadOAuthLibrary,
  type OAuthLibrary,
} from './oauth-discovery.js';
import { scopesToRequest, unionOfScopes } from './metadata-urls.js';
import { clientAuthFor, readRegistration } from './client-auth.js';
import { bearerChallenge, type BearerChallenge } from './www-authenticate.js';
import { checkCrossAppAccess, exchangeForIdJag } from './token-exchange.js';

export type { McpOAuthClient, McpOAuthOptions, McpOAuthPrivateKey, McpOAuthTokens } from './mcp-oauth-options.js';
export type { McpCrossAppAccess } from './token-exchange.js';
export { McpAuthorizationError } from './oauth-discovery.js';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

const DEFAULT_REDIRECT_URI = 'http://127.0.0.1:8976/callback';

/** Step-ups (403 `insufficient_scope`) in a row before a refusal is final: no endless authorization loop. */
const MAX_STEP_UPS = 2;

/** Seconds before expiry a token of unknown life (given at construction) is renewed. */
const EXPIRY_MARGIN_SECONDS = 30;

interface Registered {
  readonly client: oauth.Client;
  readonly auth: oauth.ClientAuth;
}

/**
 * OAuth for an MCP server, as the MCP specification (2025-11-25) describes it, as a
 * {@link TokenProvider} for `McpApiClient`: on the server's 401 it discovers the Protected
 * Resource Metadata (the challenge's `resource_metadata`, then the well-known locations), the
 * authorization server's metadata (RFC 8414, then OpenID Connect discovery), identifies the
 * client (pre-registered, Client ID Metadata Document, or dynamic registration), and gets a
 * token: the authorization code grant with PKCE (S256) and `state`, the response's `iss`
 * checked (RFC 9207), `client_credentials`, or `jwt-bearer` (RFC 7523) with an assertion of yours or, for
 * cross-app access, an ID-JAG the library gets from your identity provider (RFC 8693 token exchange);
 * every request names the resource (RFC 8707).
 * A 403 `insufficient_scope` asks again with the scopes added (at most twice in a row).
 * Tokens are refreshed before they expire when a refresh token came with them.
 *
 * The protocol is oauth4webapi's (standards-complete, Web APIs only: it runs on every runtime).
 *
 * @example
 * ```ts
 * const auth = new McpOAuth({
 *   resource: 'https://mcp.pagerduty.com/mcp',
 *   client: {
 *     clientId: process.env.PAGERDUTY_OAUTH_CLIENT_ID!,
 *     clientSecret: process.env.PAGERDUTY_OAUTH_CLIENT_SECRET,
 *   },
 *   redirectUri: 'http://127.0.0.1:8976/callback',
 *   authorize: async (url) => openBrowserAndWaitForRedirect(url),
 * });
 * await using mcp = new McpApiClient(auth);
 * ```
 */
export class McpOAuth implements TokenProvider {
  readonly #options: McpOAuthOptions;
  readonly #endpoint: URL;
  readonly #fetch: typeof globalThis.fetch;
  #server: oauth.AuthorizationServer | undefined;
  #resource: string | undefined;
  #resourceScopes: readonly string[] | undefined;
  #registered: Registered | undefined;
  #held: McpOAuthTokens | undefined;
  #stepUps = 0;
  #renewing: Promise<boolean> | undefined;
  #library: Promise<OAuthLibrary> | undefined;
  // The life of the token held, in seconds, when the server said (`expires_in`): it sets how early to renew.
  #lifetime: number | undefined;

  constructor(options: McpOAuthOptions) {
    const grant = options.grant ?? 'authorization_code';
    if (grant !== 'authorization_code' && options.client === undefined)
      throw new TypeError(`the ${grant} grant needs a pre-registered client`);
    if (grant === 'jwt-bearer' && (options.assertion === undefined) === (options.crossAppAccess === undefined))
      throw new TypeError('the jwt-bearer grant needs crossAppAccess or assertion (one of them)');
    if (options.crossAppAccess !== undefined) {
      if (grant !== 'jwt-bearer') throw new TypeError("crossAppAccess applies to the 'jwt-bearer' grant");
      checkCrossAppAccess(options.crossAppAccess);
    }
    if (grant === 'authorization_code' && options.authorize === undefined)
      throw new TypeError('the authorization_code grant needs authorize (it sends the user to the authorization URL)');
    this.#options = { ...options };
    this.#held = options.tokens && { ...options.tokens };
    this.#endpoint = new URL(options.resource);
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** The access token, refreshed first when it is about to expire; `''` before the first authorization. */
  async getToken(): Promise<string> {
    const held = this.#held;
    if (held === undefined) return '';
    // Renewed a share of its life early, as the managed tokens are: never at every call for a short-lived token.
    const margin = this.#lifetime === undefined ? EXPIRY_MARGIN_SECONDS : earlyRenewalSeconds(this.#lifetime);
    const due = held.expiresAt !== undefined && Date.now() / 1000 >= held.expiresAt - margin;
    if (due && held.refreshToken !== undefined) {
      const refreshToken = held.refreshToken;
      await this.#once(async () => {
        // Tokens given at construction: the authorization server is found first (no challenge to start from).
        await this.#discover(undefined);
        await this.#register();
        return this.#refresh(refreshToken);
      });
    }
    return this.#held?.accessToken ?? '';
  }

  /** Authorizes (again) after the server's 401, or with more scopes after its 403 `insufficient_scope`. */
  async refused(refusal: { token: string; status: number; wwwAuthenticate?: string }): Promise<boolean> {
    // Another request renewed the token since this one was sent: send it again with the new one.
    if (this.#held !== undefined && this.#held.accessToken !== refusal.token) return true;
    const challenge = bearerChallenge(refusal.wwwAuthenticate);
    if (refusal.status === 403) {
      if (challenge.error !== 'insufficient_scope' || this.#stepUps >= MAX_STEP_UPS) return false;
      const wanted = unionOfScopes(this.#held?.scope, challenge.scope);
      // Asking again for the scopes already held would only loop.
      if (wanted === this.#held?.scope) return false;
      this.#stepUps += 1;
      return this.#once(() => this.#authorize(challenge, wanted));
    }
    if (refusal.status !== 401) return false;
    this.#stepUps = 0;
    return this.#once(async () => {
      // A refused access token with a refresh token at hand: a refresh spares the user a new sign-in.
      const refreshToken = this.#held?.refreshToken;
      const known = this.#server !== undefined && this.#registered !== undefined;
      if (refreshToken !== undefined && known && (await this.#refresh(refreshToken))) return true;
      return this.#authorize(challenge, challenge.scope);
    });
  }

  #lib(): Promise<OAuthLibrary> {
    return (this.#library ??= loadOAuthLibrary());
  }

  /** Concurrent refusals share one authorization. */
  async #once(work: () => Promise<boolean>): Promise<boolean> {
    this.#renewing ??= work().finally(() => {
      this.#renewing = undefined;
    });
    return this.#renewing;
  }

  async #requestOptions(): Promise<{
    [oauth.customFetch]: typeof globalThis.fetch;
    [oauth.allowInsecureRequests]: boolean;
  }> {
    const lib = await this.#lib();
    const endpoint = new URL(this.#server!.token_endpoint ?? this.#endpoint);
    return { [lib.customFetch]: this.#fetch, [lib.allowInsecureRequests]: isLoopbackHost(endpoint.hostname) };
  }

  async #authorize(challenge: BearerChallenge, challengeScope: string | undefined): Promise<boolean> {
    const lib = await this.#lib();
    await this.#discover(challenge.resourceMetadata);
    const registered = await this.#register();
    const server = this.#server!;
    // offline_access where the authorization server offers it: a refresh token spares the user a sign-in.
    const offline = server.scopes_supported?.includes('offline_access') ? 'offline_access' : undefined;
    const grant = this.#options.grant ?? 'authorization_code';
    const scope = unionOfScopes(
      scopesToRequest(challengeScope, this.#resourceScopes),
      this.#options.scope,
      grant === 'authorization_code' ? offline : undefined,
    );
    const resource = this.#resourceParameter();
    // What both grants without a user send besides their own: the resource (RFC 8707) and the scope.
    const grantParameters: Record<string, string> = { ...resource, ...(scope === undefined ? {} : { scope }) };
    if (grant === 'jwt-bearer') {
      const target = { issuer: server.issuer, resource: this.#resource };
      const access = this.#options.crossAppAccess;
      const assertion = access
        ? await exchangeForIdJag(this.#fetch, access, target)
        : await this.#options.assertion!(target);
      const response = await lib.genericTokenEndpointRequest(
        server,
        registered.client,
        registered.auth,
        JWT_BEARER,
        { ...grantParameters, assertion },
        await this.#requestOptions(),
      );
      this.#keep(await lib.processGenericTokenEndpointResponse(server, registered.client, response), scope);
      return true;
    }
    if (grant === 'client_credentials') {
      const response = await lib.clientCredentialsGrantRequest(
        server,
        registered.client,
        registered.auth,
        grantParameters,
        await this.#requestOptions(),
      );
      this.#keep(await lib.processClientCredentialsResponse(server, registered.client, response), scope);
      return true;
    }
    const redirectUri = this.#options.redirectUri ?? DEFAULT_REDIRECT_URI;
    const verifier = lib.generateRandomCodeVerifier();
    const state = lib.generateRandomState();
    const url = authorizationUrl(server, {
      client_id: registered.client.client_id,
      redirect_uri: redirectUri,
      code_challenge: await lib.calculatePKCECodeChallenge(verifier),
      state,
      scope,
      resource: this.#resource,
    });
    const callback = new URL(await this.#options.authorize!(url));
    // Checks `state`, an error answer, and `iss` (RFC 9207) when the server sends or promises it.
    const parameters = lib.validateAuthResponse(server, registered.client, callback, state);
    const response = await lib.authorizationCodeGrantRequest(
      server,
      registered.client,
      registered.auth,
      parameters,
      redirectUri,
      verifier,
      { ...(await this.#requestOptions()), additionalParameters: resource },
    );
    this.#keep(await lib.processAuthorizationCodeResponse(server, registered.client, response), scope);
    return true;
  }

  async #refresh(refreshToken: string): Promise<boolean> {
    const lib = await this.#lib();
    const { client, auth } = this.#registered!;
    const server = this.#server!;
    const resource = this.#resourceParameter();
    try {
      const response = await lib.refreshTokenGrantRequest(server, client, auth, refreshToken, {
        ...(await this.#requestOptions()),
        additionalParameters: resource,
      });
      this.#keep(await lib.processRefreshTokenResponse(server, client, response), this.#held?.scope);
      return true;
    } catch {
      // A refused refresh token: the next 401 authorizes from the start.
      this.#held = this.#held && { accessToken: this.#held.accessToken, scope: this.#held.scope };
      return false;
    }
  }

  /** RFC 8707: every authorization and token request names the resource the token is for. */
  #resourceParameter(): Record<string, string> {
    return this.#resource === undefined ? {} : { resource: this.#resource };
  }

  #keep(tokens: oauth.TokenEndpointResponse, asked: string | undefined): void {
    const scope = tokens.scope ?? asked;
    const held: McpOAuthTokens = {
      accessToken: tokens.access_token,
      ...((tokens.refresh_token ?? this.#held?.refreshToken)
        ? { refreshToken: tokens.refresh_token ?? this.#held?.refreshToken }
        : {}),
      ...(tokens.expires_in === undefined ? {} : { expiresAt: Date.now() / 1000 + tokens.expires_in }),
      ...(scope === undefined ? {} : { scope }),
    };
    this.#held = held;
    this.#lifetime = tokens.expires_in;
    // A store that fails must not fail the call that got the token: its error is dropped.
    const { onTokens } = this.#options;
    if (onTokens)
      void Promise.resolve({ ...held })
        .then(onTokens)
        .catch(() => undefined);
  }

  async #discover(resourceMetadataUrl: string | undefined): Promise<void> {
    if (this.#server !== undefined && resourceMetadataUrl === undefined) return;
    const lib = await this.#lib();
    const metadata = await discoverResource(this.#fetch, this.#endpoint, resourceMetadataUrl);
    const issuer = metadata?.authorizationServers[0] ?? this.#endpoint.origin;
    this.#server = await discoverAuthorizationServer(lib, this.#fetch, new URL(issuer), metadata === undefined);
    this.#resource = metadata?.resource;
    this.#resourceScopes = metadata?.scopesSupported;
  }

  async #register(): Promise<Registered> {
    if (this.#registered !== undefined) return this.#registered;
    const lib = await this.#lib();
    const server = this.#server!;
    const supported = server.token_endpoint_auth_methods_supported;
    const { client, clientMetadataUrl } = this.#options;
    if (client !== undefined) {
      this.#registered = { client: { client_id: client.clientId }, auth: clientAuthFor(lib, client, supported) };
    } else if (clientMetadataUrl !== undefined && server.client_id_metadata_document_supported === true) {
      this.#registered = { client: { client_id: clientMetadataUrl }, auth: lib.None() };
    } else if (server.registration_endpoint !== undefined) {
      this.#registered = await this.#registerDynamically(server, supported);
    } else {
      throw new McpAuthorizationError(
        `the authorization server ${server.issuer} offers no client registration: give a pre-registered client`,
      );
    }
    return this.#registered;
  }

  async #registerDynamically(
    server: oauth.AuthorizationServer,
    supported: readonly string[] | undefined,
  ): Promise<Registered> {
    const lib = await this.#lib();
    const method = ['none', 'client_secret_basic', 'client_secret_post'].find(
      (candidate) => supported === undefined || supported.includes(candidate),
    );
    const response = await lib.dynamicClientRegistrationRequest(
      server,
      {
        client_name: this.#options.clientName ?? 'pagerduty-client',
        redirect_uris: [this.#options.redirectUri ?? DEFAULT_REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        ...(method === undefined ? {} : { token_endpoint_auth_method: method }),
      },
      await this.#requestOptions(),
    );
    const registered = await readRegistration(response);
    return {
      client: { client_id: registered.clientId },
      auth: clientAuthFor(
        lib,
        { ...registered, authMethod: registered.authMethod ?? (method as McpOAuthClient['authMethod']) },
        supported,
      ),
    };
  }
}

// The authorization request of the code grant with PKCE (S256); a parameter left undefined is not sent.
function authorizationUrl(
  server: { readonly issuer: string; readonly authorization_endpoint?: string },
  parameters: Readonly<Record<'client_id' | 'redirect_uri' | 'code_challenge' | 'state', string>> & {
    readonly scope: string | undefined;
    readonly resource: string | undefined;
  },
): URL {
  const url = new URL(server.authorization_endpoint ?? new URL('/authorize', server.issuer));
  const { client_id, redirect_uri, code_challenge, state, scope, resource } = parameters;
  const ordered = { response_type: 'code', client_id, redirect_uri, code_challenge, code_challenge_method: 'S256' };
  for (const [name, value] of Object.entries({ ...ordered, state, scope, resource }))
    if (value !== undefined) url.searchParams.set(name, value);
  return url;
}
