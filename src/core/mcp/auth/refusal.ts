import { HttpError } from '../../errors/error-classes.js';
import type { TokenProvider } from '../../auth/token-provider.js';
import type { FetchResponse as Response } from '../../transport/fetch-types.js';

/** A refusal a {@link TokenProvider} may answer with a new token: 401, or 403 `insufficient_scope`. */
export interface Refusal {
  readonly status: number;
  readonly wwwAuthenticate?: string;
}

/** Whether a value is a token provider rather than a credential. */
export function isTokenProvider(value: unknown): value is TokenProvider {
  return typeof value === 'object' && value !== null && typeof (value as TokenProvider).getToken === 'function';
}

/** The refusal a failed attempt (the engine throws `HttpError` on 401) or a 403 answer carries, if any. */
export function refusalOf(outcome: { readonly error?: unknown; readonly response?: Response }): Refusal | undefined {
  const { error, response } = outcome;
  if (error instanceof HttpError && error.status === 401)
    return { status: 401, wwwAuthenticate: error.response.headers.get('www-authenticate') ?? undefined };
  const challenge = response?.headers.get('www-authenticate') ?? undefined;
  if (response?.status === 403 && challenge !== undefined && /insufficient_scope/i.test(challenge))
    return { status: 403, wwwAuthenticate: challenge };
  return undefined;
}
