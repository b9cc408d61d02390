import { isPlainObject } from '../plain-object.js';

/** The kind of credential: an account-level key, or one scoped to a user. */
export type ApiKeyAccess = 'account' | 'user';

export function apiKeyAccessFrom(status: number, body: unknown): ApiKeyAccess | null {
  if (status >= 200 && status < 300) return 'user';
  if (status !== 400 || !isPlainObject(body)) return null;
  const error = body.error;
  const message = isPlainObject(error) ? error.message : error;
  return typeof message === 'string' && /account-level access token/i.test(message) ? 'account' : null;
}

export function apiKeyAccessFromText(status: number, text: string): ApiKeyAccess | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return apiKeyAccessFrom(status, body);
}

export function subdomainFromHtmlUrl(htmlUrl: unknown): string | null {
  if (typeof htmlUrl !== 'string') return null;
  try {
    const [first] = new URL(htmlUrl).hostname.split('.');
    return first ? first : null;
  } catch {
    return null;
  }
}
