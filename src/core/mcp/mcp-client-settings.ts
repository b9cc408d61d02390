import { authForType, isTokenProvider, type AuthMethod, type AuthType } from '../auth/auth-methods.js';
import type { TokenProvider } from '../auth/token-provider.js';
import type { ApiClientOptions } from '../client/client-options.js';
import { checkOptionNames } from '../client/option-names.js';
import { regionalBaseUrl } from '../client/regions.js';
import { VERSION } from '../../generated/version.js';
import { callLimitDefaults, type CallLimitDefaults } from './call-deadline.js';
import { featureCapabilities, type ClientFeatures } from './client-features.js';
import type { JsonRpcNotification } from './json-rpc.js';
import { MCP_API_CLIENT_OPTION_NAMES, type McpApiClientOptions } from './mcp-options.js';
import type { ProtocolEra } from './mcp-session.js';
import type { McpImplementation } from './mcp-types.js';
import type { McpRequestHandler } from './server-requests.js';
import { checkToolPolicy } from './tool-policy.js';

/** The MCP server's base URL (the endpoint is `/mcp` under it). */
export const MCP_BASE_URL = 'https://mcp.pagerduty.com';

const MCP_PATH = '/mcp';

/** The MCP client's options, checked once at construction: the engine's apart, the session's worked out. */
export interface McpClientSettings {
  readonly auth: AuthMethod;
  readonly engine: ApiClientOptions;
  readonly path: string;
  readonly era: ProtocolEra;
  readonly clientInfo: McpImplementation;
  readonly capabilities: Readonly<Record<string, unknown>>;
  /** Whether to open the server's own stream: only when the client has something to hear on it. */
  readonly listens: boolean;
  readonly limitDefaults: CallLimitDefaults;
  readonly features: ClientFeatures;
  readonly onRequest: McpRequestHandler | undefined;
  readonly onNotification: ((message: JsonRpcNotification) => void) | undefined;
}

function checkedPath(path: string | undefined): string {
  if (path === undefined) return MCP_PATH;
  if (typeof path !== 'string' || !path.startsWith('/'))
    throw new TypeError('endpointPath must be a path starting with "/"');
  return path;
}

function resolveAuth(auth: AuthMethod | string | TokenProvider, authType: AuthType | undefined): AuthMethod {
  if (typeof auth === 'string' || isTokenProvider(auth)) return authForType(auth, authType);
  if (authType !== undefined)
    throw new TypeError('authType applies only to a string credential or a token provider, not to an auth method');
  return auth;
}

export function mcpClientSettings(
  auth: AuthMethod | string | TokenProvider,
  options: McpApiClientOptions,
): McpClientSettings {
  checkOptionNames('McpApiClient', options, MCP_API_CLIENT_OPTION_NAMES);
  const {
    authType,
    endpointPath,
    protocolEra,
    clientInfo,
    capabilities,
    onNotification,
    onRequest,
    onElicitation,
    onSampling,
    roots,
    callTimeout,
    maxTotalTimeout,
    toolPolicy,
    ...engine
  } = options;
  if (toolPolicy !== undefined) checkToolPolicy(toolPolicy);
  const features = { onElicitation, onSampling, roots: roots && roots.map((root) => ({ ...root })) };
  const limitDefaults = callLimitDefaults({ callTimeout, maxTotalTimeout });
  if (protocolEra !== undefined && protocolEra !== 'stateful' && protocolEra !== 'auto')
    throw new TypeError(`protocolEra must be 'stateful' or 'auto', not ${JSON.stringify(protocolEra)}`);
  const resolved = resolveAuth(auth, authType);
  const provider = resolved.kind === 'token-provider' ? resolved.provider : undefined;
  return {
    auth: resolved,
    engine: { ...engine, baseUrl: engine.baseUrl ?? regionalBaseUrl(MCP_BASE_URL, engine.region, provider) },
    path: checkedPath(endpointPath),
    era: protocolEra === 'auto' ? 'unknown' : 'legacy',
    clientInfo: { ...(clientInfo ?? { name: 'pagerduty-client', version: VERSION }) },
    capabilities: { ...featureCapabilities(features), ...capabilities },
    listens: [onNotification, onRequest, onElicitation, onSampling, roots].some((given) => given !== undefined),
    limitDefaults,
    features,
    onRequest,
    onNotification,
  };
}
