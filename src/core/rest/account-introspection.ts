/**
 * What the API tells about the credential and the account: the kind of API key, and the
 * account's subdomain.
 *
 * @module
 */
import { isPlainObject } from '../plain-object.js';

/** The kind of credential: an account-level key, or one scoped to a user. */
export type ApiKeyAccess = 'account' | 'user';

/**
 * The kind of key, from the answer to `GET /users/me`: a success means the key belongs
 * to a user; a 400 whose error says the request used an account-level access token means
 * an account-level key; anything else is undetermined (`null`).
 *
 * @param status - the response status
 * @param body - the decoded body (`undefined` when it was not JSON)
 */
export function apiKeyAccessFrom(status: number, body: unknown): ApiKeyAccess | null {
  if (status >= 200 && status < 300) return 'user';
  if (status !== 400 || !isPlainObject(body)) return null;
  const error = body.error;
  const message = isPlainObject(error) ? error.message : error;
  return typeof message === 'string' && /account-level access token/i.test(message) ? 'account' : null;
}

/**
 * The kind of key from the raw answer to `GET /users/me` (see {@link apiKeyAccessFrom}): a
 * body that is not JSON (a proxy's HTML page) leaves only the status to go by.
 */
export function apiKeyAccessFromText(status: number, text: string): ApiKeyAccess | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return apiKeyAccessFrom(status, body);
}

/**
 * The subdomain of an account from the web URL of one of its resources:
 * `https://acme.pagerduty.com/users/P1` gives `acme`; `null` for a value that is not a URL.
 */
export function subdomainFromHtmlUrl(htmlUrl: unknown): string | null {
  if (typeof htmlUrl !== 'string') return null;
  try {
    const [first] = new URL(htmlUrl).hostname.split('.');
    return first ? first : null;
  } catch {
    return null;
  }
}
