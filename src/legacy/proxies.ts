/**
 * `session.proxies`: the predecessor's scheme-to-proxy object, turned into the engine's
 * per-request `proxy` setting so that changes to it apply from the next request on.
 *
 * @module
 */
import { normalizeProxyUrl, proxyFor, type ProxyEnv, type ProxySetting } from '../core/platform/proxy.js';

/**
 * Proxy URLs by scheme, as the predecessor's `session.proxies`: `{ https: 'http://proxy:3128' }`.
 * A key may also be `all`, or a scheme and host (`'https://api.pagerduty.com'`) for one
 * host only. Schemes without an entry use `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY`. As with
 * requests, `host:port` means `http://host:port`; any other value that is not an
 * `http(s)://` URL is a `TypeError` (at assignment, or at the next request for an entry
 * changed in place), never a network error.
 */
export type SessionProxies = Record<string, string | undefined>;

/**
 * The proxy for a request URL: the most specific entry of `proxies` (`scheme://host`,
 * then `scheme`, then `all://host`, then `all`), else the one the environment names;
 * normalised (`host:port` is `http://host:port`).
 *
 * @throws TypeError for an entry that is not a usable proxy URL, naming the entry
 * @example
 * ```ts
 * sessionProxyFor(new URL('https://api.pagerduty.com/users'), { https: 'http://proxy:3128' }, {});
 * // 'http://proxy:3128'
 * ```
 */
export function sessionProxyFor(url: URL, proxies: Readonly<SessionProxies>, env: ProxyEnv): string | undefined {
  const scheme = url.protocol.replace(/:$/, '');
  for (const key of [`${scheme}://${url.hostname}`, scheme, `all://${url.hostname}`, 'all']) {
    const value = Object.hasOwn(proxies, key) ? proxies[key] : undefined;
    if (typeof value === 'string' && value.trim() !== '')
      return normalizeProxyUrl(value, `proxies[${JSON.stringify(key)}]`);
  }
  return proxyFor(url, undefined, env);
}

/**
 * The engine `proxy` setting of a session: a function that reads the session's current
 * proxies (through `read`) on every request.
 *
 * @param read - returns the session's `proxies` now
 * @param env - where proxy variables are read (default: `process.env`)
 */
export function sessionProxySetting(
  read: () => Readonly<SessionProxies>,
  env: ProxyEnv = (globalThis as { process?: { env?: ProxyEnv } }).process?.env ?? {},
): ProxySetting {
  return (url) => sessionProxyFor(url, read(), env);
}

/**
 * A value to hold as a session's `proxies`: a plain object of proxy URL strings (or
 * `undefined`), each `http(s)://host:port` or `host:port`. The object is not changed.
 *
 * @throws TypeError for anything else, when it is assigned rather than at the next request
 */
export function checkedSessionProxies(value: unknown): SessionProxies {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError('proxies must be an object of proxy URLs by scheme, such as { https: "http://proxy:3128" }');
  }
  for (const [key, url] of Object.entries(value)) {
    if (url !== undefined && typeof url !== 'string') throw new TypeError(`proxies.${key} must be a proxy URL string`);
    if (typeof url === 'string' && url.trim() !== '') normalizeProxyUrl(url, `proxies[${JSON.stringify(key)}]`);
  }
  return value as SessionProxies;
}
