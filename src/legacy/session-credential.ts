/**
 * pdpyras' settable `api_key`: a session's credential can be replaced, and the next
 * request uses the new one, sent the way the old one was.
 *
 * @module
 */
import {
  authForType,
  bearerAuth,
  headerPassthroughAuth,
  routingKeyAuth,
  tokenAuth,
  type AuthMethod,
  type AuthType,
} from '../core/auth/auth-methods.js';
import { redact } from '../core/auth/secret.js';

/**
 * The same kind of auth with another credential.
 *
 * @throws TypeError when `key` is not a non-empty string, or the auth has no single
 *   credential to replace
 * @example
 * ```ts
 * withCredential(routingKeyAuth('R0UT1NG'), 'N3WR0UT1NG'); // { kind: 'routing-key', ... }
 * ```
 */
export function withCredential(auth: AuthMethod, key: string): AuthMethod {
  switch (auth.kind) {
    case 'token':
      return tokenAuth(key);
    case 'bearer':
      return bearerAuth(key);
    case 'header':
      return headerPassthroughAuth(key);
    case 'routing-key':
      return routingKeyAuth(key);
    default:
      throw new TypeError(`this session's ${auth.kind} auth has no API key to replace`);
  }
}

/** The auth of an `APISession`: `key` sent as `authType` says (`'token'`, `'oauth2'`/`'bearer'`, ...). */
export function sessionAuth(key: string, authType: AuthType): AuthMethod {
  return authForType(key, authType);
}

/** pdpyras' `trunc_key`/`trunc_token`: `*` and the last four characters of the credential. */
export function truncated(auth: AuthMethod): string {
  return 'secret' in auth ? redact(auth.secret.reveal()) : '';
}
