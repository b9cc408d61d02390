// Credentials stay home: the base URL is `https://` (but on loopback) and a request goes only under it.
import { Refusal } from '../errors/refusal.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** The base URL without its trailing slash, or why it cannot be one. */
export function checkBaseUrl(value: string): string | Refusal {
  const unsendable = unsendableCharacter(value);
  if (unsendable) return new Refusal(`base URL ${JSON.stringify(value)} contains ${unsendable}`);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return new Refusal(`base URL ${JSON.stringify(value)} is not a valid URL`);
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname))) {
    return new Refusal(`base URL ${value} must use https:// (plain http:// is allowed only on loopback)`);
  }
  if (parsed.username || parsed.password) return new Refusal('base URL must not contain credentials');
  if (parsed.search || parsed.hash) return new Refusal(`base URL ${value} must not have a query or fragment`);
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
}

/**
 * Refuses `.`/`..` segments (also `%2e`) and backslashes before resolving: the URL parser would silently turn
 * them into another address (`users/./contact_methods`), and no PagerDuty path has either. The resolved URL
 * must then share the base's origin and lie at or below its path: `https://api.pagerduty.com/x` does not pass
 * for the base `https://api.pagerduty.com/scim/v2`.
 * Control characters and unpaired surrogates are refused too (the parser drops tabs and newlines and turns a
 * lone surrogate into U+FFFD); spaces are sent encoded, so that a trailing one is not trimmed away.
 */
export function resolveUrl(base: string, url: string): string | Refusal {
  if (typeof url !== 'string' || url === '') return new Refusal('a URL or path is required');
  const unsendable = unsendableCharacter(url);
  const problem = unsendable
    ? `it contains ${unsendable}, which the URL parser would drop or rewrite`
    : pathProblem(url);
  if (problem) return new Refusal(`refusing to send a request to ${JSON.stringify(url)}: ${problem}`);
  const written = url.replaceAll(' ', '%20');
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(written);
  // Leading slashes are dropped: the parser would read `//host` as another host.
  const candidate = absolute ? written : `${base}/${written.replace(/^\/+/, '')}`;
  let resolved: URL;
  try {
    resolved = new URL(candidate);
  } catch {
    return new Refusal(`${JSON.stringify(url)} is not a valid URL or path`);
  }
  if (!isUnder(resolved, base)) {
    const message =
      `refusing to send a request to ${url}: it resolves to ${resolved.origin}${resolved.pathname}, ` +
      `which is not under the client's base URL ${base}`;
    return new Refusal(message, 'ERR_FOREIGN_URL');
  }
  return resolved.href;
}

/** The first character that cannot be sent as given (`'the control character U+0009'`), or `null`. */
export function unsendableCharacter(text: string): string | null {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit <= 0x1f || unit === 0x7f) return `the control character ${codePoint(unit)}`;
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return `the unpaired surrogate ${codePoint(unit)}`;
    i += 1;
  }
  return null;
}

function codePoint(unit: number): string {
  return `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`;
}

function pathProblem(url: string): string | null {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (path.includes('\\')) return 'a backslash is not allowed in a path (encode it as %5C if an id contains one)';
  const dotted = path.split('/').find((segment) => /^(\.|%2e){1,2}$/i.test(segment));
  return dotted === undefined ? null : `a "${dotted}" segment is not allowed in a path (ids are never "." or "..")`;
}

function isUnder(resolved: URL, base: string): boolean {
  const parsedBase = new URL(base);
  if (resolved.origin !== parsedBase.origin || resolved.username || resolved.password) return false;
  const basePath = parsedBase.pathname.replace(/\/+$/, '');
  return (
    resolved.pathname === basePath ||
    resolved.pathname === `${basePath}/` ||
    resolved.pathname.startsWith(`${basePath}/`)
  );
}

/** The path of a URL below the base URL, without its query or fragment (`/users/PABC`). */
export function urlPathOf(baseUrl: string, fullUrl: string): string {
  const rest = fullUrl.slice(baseUrl.length);
  const end = rest.search(/[?#]/);
  const path = end === -1 ? rest : rest.slice(0, end);
  return path.startsWith('/') ? path : `/${path}`;
}
