/** A proxy URL, or a function that picks one per request URL (`undefined`: no proxy). */
export type ProxySetting = string | ((url: URL) => string | undefined);

/** The environment variables the proxy lookup reads. */
export type ProxyEnv = Readonly<Record<string, string | undefined>>;

const PROXY_VARIABLES = ['HTTPS_PROXY', 'HTTP_PROXY', 'ALL_PROXY', 'NO_PROXY'].flatMap((name) => [
  name,
  name.toLowerCase(),
]);

// Read when a client is made, as undici's `EnvHttpProxyAgent` does: a later change to `process.env` does not
// reroute a running client.
export function proxyEnvironment(env: ProxyEnv): ProxyEnv {
  const snapshot: Record<string, string> = {};
  for (const name of PROXY_VARIABLES) {
    const value = env[name];
    if (value !== undefined) snapshot[name] = value;
  }
  return Object.freeze(snapshot);
}

function envValue(env: ProxyEnv, name: string): string | undefined {
  const value = env[name.toUpperCase()] ?? env[name.toLowerCase()];
  return value && value.trim() !== '' ? value.trim() : undefined;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

function shownProxy(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 0) return JSON.stringify(value);
  const scheme = SCHEME.exec(value)?.[0] ?? '';
  return JSON.stringify(`${scheme}***${value.slice(at)}`);
}

// `host:port` (and `user:password@host:port`), which requests and curl accept, means `http://host:port`. Anything
// else is a configuration error naming its source, the password hidden, never retried as a network error.
export function normalizeProxyUrl(value: string, source: string): string {
  const trimmed = value.trim();
  const candidate = SCHEME.test(trimmed) ? trimmed : `http://${trimmed}`;
  let parsed: URL | undefined;
  try {
    parsed = new URL(candidate);
  } catch {
    parsed = undefined;
  }
  const problem =
    parsed === undefined || parsed.hostname === ''
      ? 'it has no host'
      : parsed.protocol !== 'http:' && parsed.protocol !== 'https:'
        ? `its scheme ${parsed.protocol.slice(0, -1)} is not supported, only http and https`
        : (parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search !== '' || parsed.hash !== ''
          ? 'it has a path or query'
          : undefined;
  if (problem !== undefined) {
    throw new TypeError(
      `${source} is not a usable proxy URL: ${shownProxy(trimmed)} (${problem}); ` +
        `write http://host:port, https://host:port or host:port`,
    );
  }
  return candidate;
}

/** `*` exempts all; `example.com` or `.example.com` that host and its subdomains; `host:port` only that port. */
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

/** Whether `env` names a proxy for any URL (`NO_PROXY` alone names none). */
export function namesProxy(env: ProxyEnv): boolean {
  return ['HTTPS_PROXY', 'HTTP_PROXY', 'ALL_PROXY'].some((name) => envValue(env, name) !== undefined);
}

export function proxyFor(url: URL, setting: ProxySetting | undefined, env: ProxyEnv): string | undefined {
  if (typeof setting === 'function') return usable(setting(url), "the proxy function's result");
  if (typeof setting === 'string') return usable(setting, 'the proxy option');
  if (isNoProxy(url, envValue(env, 'NO_PROXY'))) return undefined;
  const names = url.protocol === 'https:' ? ['HTTPS_PROXY', 'ALL_PROXY'] : ['HTTP_PROXY', 'ALL_PROXY'];
  for (const name of names) {
    const value = envValue(env, name);
    if (value !== undefined) return normalizeProxyUrl(value, name);
  }
  return undefined;
}

function usable(value: string | undefined, source: string): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : normalizeProxyUrl(value, source);
}
