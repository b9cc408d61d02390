import { HttpError, PagerDutyError } from '../errors/error-classes.js';

/** The OAuth error codes after which asking again with the same credentials cannot succeed. */
export const PERMANENT_GRANT_ERRORS: ReadonlySet<string> = new Set([
  'invalid_client',
  'invalid_scope',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
]);

/**
 * The identity service refused a token request for good: a wrong client id or secret (`invalid_client`), a
 * scope the app may not have (`invalid_scope`), a refresh token that is revoked or expired (`invalid_grant`).
 * A managed token provider does not ask again after it: every later call fails with the same error at once.
 *
 * @example
 * ```ts
 * try { await client.rget('/users/me'); }
 * catch (error) { if (error instanceof OAuthGrantError && error.code === 'invalid_client') rotateSecret(); }
 * ```
 */
export class OAuthGrantError extends PagerDutyError {
  /** The OAuth error code (`invalid_client`, `invalid_scope`, `invalid_grant`, ...). */
  readonly code: string;
  /** The HTTP status of the refusal (401 or 400). */
  readonly status: number;

  /**
   * @param message - what was refused; never contains a credential
   * @param code - the OAuth error code
   * @param status - the HTTP status
   * @param cause - the token request's `HttpError`
   */
  constructor(message: string, code: string, status: number, cause?: unknown) {
    super(message, { cause });
    this.code = code;
    this.status = status;
  }
}

/** The OAuth `error` code of a refused token request's body, if it has one. */
export function oauthErrorCode(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as unknown;
    const code = (parsed as { error?: unknown } | null)?.error;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** The error a token request's failure becomes: an `OAuthGrantError` for a permanent refusal, else itself. */
export function grantFailure(error: unknown, what: string): unknown {
  if (!(error instanceof HttpError) || error.status >= 500) return error;
  const code = oauthErrorCode(error.body);
  if (code === undefined || !PERMANENT_GRANT_ERRORS.has(code)) return error;
  return new OAuthGrantError(
    `${what}: the identity service refused it with ${error.status} ${code}; asking again cannot help`,
    code,
    error.status,
    error,
  );
}

// Form encoding would send `null` or `undefined` as text, alongside the client secret.

export function requireStrings(method: string, args: Readonly<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(args)) {
    if (typeof value !== 'string' || value === '') {
      const got = value === '' ? 'an empty string' : value === null ? 'null' : typeof value;
      throw new TypeError(`${method}: ${name} must be a non-empty string, got ${got}`);
    }
  }
}
