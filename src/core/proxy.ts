/**
 * Which proxy a request goes through: the client's `proxy` option, else the standard
 * environment variables (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`, lower case too).
 *
 * @module
 */

/** A proxy URL, or a function that picks one per request URL (`undefined`: no proxy). */
export type ProxySetting = string | ((url: URL) => string | undefined);

/** The environment variables the proxy lookup reads. */
export type ProxyEnv = Readonly<Record<string, string | undefined>>;

function envValue(env: ProxyEnv, name: string): string | undefined {
  const value = env[name.toUpperCase()] ?? env[name.toLowerCase()];
  return value && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Whether `NO_PROXY` exempts a URL: `*` exempts all; an entry `example.com` or
 * `.example.com` exempts that host and its subdomains; `host:port` only that port.
 */
export function isNoProxy(url: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((raw) => {
      const entry = raw.toLowerCase();
      if (entry === '*') return true;
      const match = /^(.*?)(?::(\d+))?$/.exec(entry.replace(/^\[|\](?=:|$)/g, ''));
      const entryHost = (match?.[1] ?? entry).replace(/^\*?\./, '');
      const entryPort = match?.[2];
      if (entryPort && entryPort !== port) return false;
      return host === entryHost || host.endsWith(`.${entryHost}`);
    });
}

/**
 * The proxy for a request URL, from the `proxy` setting or else from the environment.
 *
 * @example
 * ```ts
 * proxyFor(new URL('https://api.pagerduty.com/users'), undefined,
 *   { HTTPS_PROXY: 'http://proxy:3128' }); // 'http://proxy:3128'
 * ```
 */
export function proxyFor(url: URL, setting: ProxySetting | undefined, env: ProxyEnv): string | undefined {
  if (typeof setting === 'function') return setting(url);
  if (typeof setting === 'string') return setting === '' ? undefined : setting;
  if (isNoProxy(url, envValue(env, 'NO_PROXY'))) return undefined;
  return url.protocol === 'https:'
    ? envValue(env, 'HTTPS_PROXY') ?? envValue(env, 'ALL_PROXY')
    : envValue(env, 'HTTP_PROXY') ?? envValue(env, 'ALL_PROXY');
}
