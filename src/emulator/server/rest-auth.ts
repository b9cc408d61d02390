/**
 * Who is calling the REST API: the `Authorization` header (`Token token=<key>` or
 * `Bearer <token>`), the `Accept` version, and, for account-level keys, the `From` user.
 *
 * @module
 */
import { ERROR_CODES, fail, restError } from './replies.js';
import type { User } from '../store/resources.js';
import type { EmulatorStore, KeyIdentity } from '../store/store.js';

/** A credential read from `Authorization`. */
export interface Credentials {
  /** `token` for `Token token=...` (API keys), `bearer` for `Bearer ...` (OAuth tokens). */
  scheme: 'token' | 'bearer';
  /** The key or token. */
  secret: string;
}

/**
 * Reads `Authorization`, or `undefined` when it has neither accepted form.
 *
 * @example
 * ```ts
 * parseAuthorization('Token token=abc123'); // { scheme: 'token', secret: 'abc123' }
 * parseAuthorization('Bearer xyz');         // { scheme: 'bearer', secret: 'xyz' }
 * ```
 */
export function parseAuthorization(header: string | undefined): Credentials | undefined {
  if (!header) return undefined;
  const token = /^Token\s+token=("?)([^"\s]+)\1\s*$/i.exec(header.trim());
  if (token) return { scheme: 'token', secret: token[2] };
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (bearer) return { scheme: 'bearer', secret: bearer[1] };
  return undefined;
}

/**
 * The REST API version an `Accept` header asks for: the `version` of
 * `application/vnd.pagerduty+json`, or `undefined` when it names none (any other type is
 * served version 2, as the service does).
 */
export function acceptVersion(accept: string | undefined): string | undefined {
  if (!accept) return undefined;
  for (const part of accept.split(',')) {
    const [type, ...parameters] = part.split(';').map((piece) => piece.trim());
    if (type.toLowerCase() !== 'application/vnd.pagerduty+json') continue;
    const version = parameters.find((parameter) => parameter.toLowerCase().startsWith('version='));
    return version?.slice('version='.length).trim();
  }
  return undefined;
}

/**
 * Checks `Accept` and `Authorization`; returns whom the key speaks for. A key is looked up
 * the same way whichever scheme carries it (the emulator's user keys stand in for OAuth
 * tokens, which are user-scoped too).
 *
 * @throws ReplyError 406 for an `Accept` version other than 2, 401 for a missing or
 *   unknown credential
 */
export function authenticate(
  store: EmulatorStore,
  authorization: string | undefined,
  accept: string | undefined,
): KeyIdentity {
  const version = acceptVersion(accept);
  if (version !== undefined && version !== '2') {
    fail(
      restError(406, 'Not Acceptable', ERROR_CODES.invalidInput, [
        `API version ${version} is not supported; use version=2`,
      ]),
    );
  }
  const credentials = parseAuthorization(authorization);
  const identity = credentials ? store.identify(credentials.secret) : undefined;
  if (!identity) fail(restError(401, 'Authentication failed', ERROR_CODES.authenticationFailed));
  return identity;
}

/**
 * The user an incident action is done as: the key's user for a user-scoped key; for an
 * account-level key, the user whose email is in `From`.
 *
 * @throws ReplyError 400 (code 2016) when an account-level key comes without `From`, or
 *   with an email no user has
 */
export function actingUser(store: EmulatorStore, identity: KeyIdentity, from: string | undefined): User {
  if (identity.kind === 'user') {
    const user = store.users.get(identity.userId);
    if (user) return user;
  }
  const message =
    'You must specify a user\'s email address in the "From" header to perform this action ' +
    'with an account-level API key.';
  if (!from || from.trim() === '') {
    fail(restError(400, message, ERROR_CODES.fromRequired, ['The "From" header is missing.']));
  }
  const user = store.userByEmail(from);
  if (!user)
    fail(
      restError(400, message, ERROR_CODES.fromRequired, [
        `No user on the account has the email address ${from.trim()}.`,
      ]),
    );
  return user;
}
