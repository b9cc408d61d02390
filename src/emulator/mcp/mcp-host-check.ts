/**
 * DNS rebinding protection of the emulator's `/mcp` (the MCP specification's MUST for a local
 * server): a request whose `Host` or `Origin` names anything but a loopback host is refused.
 *
 * @module
 */

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host name of a `Host` value (`127.0.0.1:8080`, `[::1]:80`, `localhost`), lower case. */
function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.indexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

/** Why the request is refused, or `undefined` when `Host` and `Origin` (if any) are loopback. */
export function foreignHostOrOrigin(host: string | undefined, origin: string | undefined): string | undefined {
  if (host !== undefined && !LOOPBACK_HOSTS.has(hostName(host))) return `Host ${host} is not a loopback host`;
  if (origin === undefined || origin === 'null') return undefined;
  let originHost: string;
  try {
    originHost = new URL(origin).hostname;
  } catch {
    return `Origin ${origin} is not a URL`;
  }
  return LOOPBACK_HOSTS.has(originHost.toLowerCase()) ? undefined : `Origin ${origin} is not a loopback origin`;
}
