import { Secret } from './secret.js';
import { isPlainObject } from '../plain-object.js';
import type { TokenProvider } from './token-provider.js';

/** An API key sent as `Authorization: Token token=<key>` (REST API v2 default). */
export interface TokenAuth {
  /** Discriminant. */
  readonly kind: 'token';
  /** The credential. */
  readonly secret: Secret;
}

/** An OAuth access token sent as `Authorization: Bearer <token>`. */
export interface BearerAuth {
  /** Discriminant. */
  readonly kind: 'bearer';
  /** The credential. */
  readonly secret: Secret;
}

/** A value sent as the whole `Authorization` header, unchanged. */
export interface HeaderPassthroughAuth {
  /** Discriminant. */
  readonly kind: 'header';
  /** The credential. */
  readonly secret: Secret;
}

/** A routing (integration) key put into every JSON body as `routing_key` (Events API v2). */
export interface RoutingKeyAuth {
  /** Discriminant. */
  readonly kind: 'routing-key';
  /** The credential. */
  readonly secret: Secret;
}

/** OAuth client credentials put into every form body as `client_id` and `client_secret`. */
export interface ClientCredentialsAuth {
  /** Discriminant. */
  readonly kind: 'client-credentials';
  /** The OAuth client id (not a secret). */
  readonly clientId: string;
  /** The credential. */
  readonly secret: Secret;
}

/**
 * OAuth access tokens from a {@link TokenProvider}, sent as `Authorization: Bearer <token>`:
 * asked before each attempt, told when the API refuses one.
 */
export interface TokenProviderAuth {
  /** Discriminant. */
  readonly kind: 'token-provider';
  /** Where the tokens come from. */
  readonly provider: TokenProvider;
}

/** An OAuth public client (PKCE, no secret): only `client_id` goes into every form body. */
export interface PublicClientAuth {
  /** Discriminant. */
  readonly kind: 'public-client';
  /** The OAuth client id (not a secret). */
  readonly clientId: string;
}

/** No credential at all (for endpoints that need none). */
export interface NoAuth {
  /** Discriminant. */
  readonly kind: 'none';
}

/** Every way a client can authenticate. Build one with the factory functions below. */
export type AuthMethod =
  | TokenAuth
  | BearerAuth
  | HeaderPassthroughAuth
  | RoutingKeyAuth
  | ClientCredentialsAuth
  | TokenProviderAuth
  | PublicClientAuth
  | NoAuth;

/**
 * The `authType` option of the REST clients: `'token'` (default) for API keys, `'oauth2'`
 * or `'bearer'` (equivalent) for OAuth access tokens, `'header_passthru'` to send the
 * secret as the whole `Authorization` header.
 */
export type AuthType = 'token' | 'oauth2' | 'bearer' | 'header_passthru';

export const AUTH_TYPES: readonly AuthType[] = ['token', 'oauth2', 'bearer', 'header_passthru'];

/**
 * `Authorization: Token token=<apiKey>`.
 *
 * @example
 * ```ts
 * const client = new ApiClient(tokenAuth(process.env.PAGERDUTY_API_KEY!));
 * ```
 */
export function tokenAuth(apiKey: string): TokenAuth {
  return { kind: 'token', secret: new Secret(apiKey) };
}

/** `Authorization: Bearer <accessToken>`. */
export function bearerAuth(accessToken: string): BearerAuth {
  return { kind: 'bearer', secret: new Secret(accessToken) };
}

/** `Authorization: <value>`, the value sent unchanged. */
export function headerPassthroughAuth(value: string): HeaderPassthroughAuth {
  return { kind: 'header', secret: new Secret(value) };
}

/** `routing_key` in every JSON body. */
export function routingKeyAuth(routingKey: string): RoutingKeyAuth {
  return { kind: 'routing-key', secret: new Secret(routingKey) };
}

/** `client_id` and `client_secret` in every form body. */
export function clientCredentialsAuth(clientId: string, clientSecret: string): ClientCredentialsAuth {
  if (typeof clientId !== 'string' || clientId.length === 0) {
    throw new TypeError('clientId must be a non-empty string');
  }
  return { kind: 'client-credentials', clientId, secret: new Secret(clientSecret) };
}

/**
 * `Authorization: Bearer <token>`, the token asked of `provider` before each attempt; on a 401
 * the provider is told, and the request is sent once more when it has a new token.
 *
 * @example
 * ```ts
 * const client = new ApiClient(tokenProviderAuth({ getToken: () => currentToken() }));
 * ```
 */
export function tokenProviderAuth(provider: TokenProvider): TokenProviderAuth {
  if (!isTokenProvider(provider)) throw new TypeError('a token provider must have a getToken() method');
  return { kind: 'token-provider', provider };
}

/** `client_id` alone in every form body: an OAuth public client, which has no secret. */
export function publicClientAuth(clientId: string): PublicClientAuth {
  if (typeof clientId !== 'string' || clientId.length === 0) {
    throw new TypeError('clientId must be a non-empty string');
  }
  return { kind: 'public-client', clientId };
}

/** Whether `value` is a token provider (an object with `getToken`), not a string or an auth method. */
export function isTokenProvider(value: unknown): value is TokenProvider {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { getToken?: unknown }).getToken === 'function' &&
    !('kind' in value)
  );
}

/** No credential. */
export function noAuth(): NoAuth {
  return { kind: 'none' };
}

/**
 * The auth method for a secret and an {@link AuthType}, as the REST clients' `authType`
 * option selects it. A {@link TokenProvider} in place of the secret is sent as `Bearer`
 * (`authType` may be left out, or `'oauth2'`/`'bearer'`).
 *
 * @throws TypeError for an unknown auth type
 */
export function authForType(secret: string | TokenProvider, authType?: AuthType): AuthMethod {
  if (typeof secret !== 'string' && isTokenProvider(secret)) return providerAuthForType(secret, authType);
  switch (authType ?? 'token') {
    case 'token':
      return tokenAuth(secret);
    case 'oauth2':
    case 'bearer':
      return bearerAuth(secret);
    case 'header_passthru':
      return headerPassthroughAuth(secret);
    default:
      throw new TypeError(`unknown authType ${JSON.stringify(authType)}; expected one of ${AUTH_TYPES.join(', ')}`);
  }
}

// A provider gives OAuth tokens: `authType` may only confirm it (the default `'token'` is for strings).
function providerAuthForType(provider: TokenProvider, authType: AuthType | undefined): AuthMethod {
  if (authType === 'token' || authType === 'header_passthru') {
    throw new TypeError(
      'a token provider gives OAuth tokens, sent as Bearer; ' +
        `authType ${JSON.stringify(authType)} applies to strings only`,
    );
  }
  return tokenProviderAuth(provider);
}

export function authorizationHeader(auth: AuthMethod): string | undefined {
  switch (auth.kind) {
    case 'token':
      return `Token token=${auth.secret.reveal()}`;
    case 'bearer':
      return `Bearer ${auth.secret.reveal()}`;
    case 'header':
      return auth.secret.reveal();
    default:
      return undefined;
  }
}

export function withJsonBodyAuth(auth: AuthMethod, json: unknown): unknown {
  if (auth.kind !== 'routing-key' || !isPlainObject(json)) return json;
  return { ...json, routing_key: auth.secret.reveal() };
}

export function withFormAuth(auth: AuthMethod, form: Readonly<Record<string, string>>): Record<string, string> {
  if (auth.kind === 'public-client') return { ...form, client_id: auth.clientId };
  if (auth.kind !== 'client-credentials') return { ...form };
  return { ...form, client_id: auth.clientId, client_secret: auth.secret.reveal() };
}

export function authSecret(auth: AuthMethod): Secret | undefined {
  return 'secret' in auth ? auth.secret : undefined;
}
