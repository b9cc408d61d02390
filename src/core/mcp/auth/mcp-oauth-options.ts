import type { PrivateKeyJwt } from 'oauth4webapi';
import type { McpCrossAppAccess } from './token-exchange.js';

/** A Web Crypto private key (or oauth4webapi's `{ key, kid }`). */
export type McpOAuthPrivateKey = Parameters<typeof PrivateKeyJwt>[0];

/** A client registered with the authorization server beforehand (PagerDuty's case: it offers no registration). */
export interface McpOAuthClient {
  /** The client id. */
  readonly clientId: string;
  /** Its secret, for a confidential client. */
  readonly clientSecret?: string;
  /**
   * How it authenticates at the token endpoint.
   * @default `client_secret_basic` with a secret (`client_secret_post` when the server lists only that), else `none`
   */
  readonly authMethod?: 'client_secret_basic' | 'client_secret_post' | 'none' | 'private_key_jwt';
  /** The key that signs its assertions, for `private_key_jwt` (a Web Crypto private key). */
  readonly privateKey?: McpOAuthPrivateKey;
}

/** Tokens {@link McpOAuth} holds: to start from (`tokens`) and to keep (`onTokens`). */
export interface McpOAuthTokens {
  /** The access token sent as `Bearer`. */
  readonly accessToken: string;
  /** The refresh token, when the server gave one. */
  readonly refreshToken?: string;
  /** When the access token expires, in seconds since the epoch. */
  readonly expiresAt?: number;
  /** The scopes it was granted (or asked for). */
  readonly scope?: string;
}

/** Options of {@link McpOAuth}. */
export interface McpOAuthOptions {
  /** The MCP endpoint: the protected resource (`https://mcp.pagerduty.com/mcp`). */
  readonly resource: string | URL;
  /**
   * How tokens are obtained: `authorization_code` (a user signs in through `authorize`, with
   * PKCE), `client_credentials` (the client acts for itself; it needs `client`), or
   * `jwt-bearer` (RFC 7523: an assertion from the enterprise's identity provider, such as an
   * ID-JAG of MCP's enterprise-managed authorization; it needs `client`, and `crossAppAccess` or `assertion`).
   * @default 'authorization_code'
   */
  readonly grant?: 'authorization_code' | 'client_credentials' | 'jwt-bearer';
  /**
   * Cross-app access for the `jwt-bearer` grant: the identity provider's token endpoint, this application's
   * client there, and the user's ID token (or a function returning it). The library exchanges the ID token
   * there (RFC 8693) for an ID-JAG naming the authorization server and resource found by discovery, and sends
   * it as the grant's assertion.
   */
  readonly crossAppAccess?: McpCrossAppAccess;
  /**
   * The assertion of the `jwt-bearer` grant, when you get it yourself (instead of `crossAppAccess`): resolves
   * with a JWT for the authorization server (`issuer`) and the resource the discovery found (its audience and
   * `resource` claims), such as an ID-JAG. Called at each grant: return a fresh one.
   */
  readonly assertion?: (target: { readonly issuer: string; readonly resource?: string }) => Promise<string>;
  /** A pre-registered client. Without one, a Client ID Metadata Document or dynamic registration, where offered. */
  readonly client?: McpOAuthClient;
  /** The URL of this client's Client ID Metadata Document, used as its client id where the server supports them. */
  readonly clientMetadataUrl?: string;
  /** The name given in dynamic registration. @default 'pagerduty-client' */
  readonly clientName?: string;
  /**
   * Where the authorization server sends the user back (`authorization_code`).
   * @default 'http://127.0.0.1:8976/callback'
   */
  readonly redirectUri?: string;
  /**
   * Sends the user to the authorization URL (opens a browser, prints it, ...) and resolves with
   * the URL the authorization server redirected back to (with `code` and `state`).
   * Needed for `authorization_code`.
   */
  readonly authorize?: (authorizationUrl: URL) => Promise<string | URL>;
  /** Scopes always asked for, besides those the server names. */
  readonly scope?: string;
  /** Tokens kept from an earlier run: sent at once, refreshed when due, no sign-in until the server refuses them. */
  readonly tokens?: McpOAuthTokens;
  /**
   * Hears every new token (after an authorization or a refresh), to keep it (a file, a keychain,
   * a token store) for `tokens` next time. What it throws is dropped: keeping a token never fails a call.
   */
  readonly onTokens?: (tokens: McpOAuthTokens) => void | Promise<void>;
  /** The fetch used for the OAuth requests. @default globalThis.fetch */
  readonly fetch?: typeof globalThis.fetch;
}
