/**
 * The client the MCP conformance suite launches: `node client.mjs <server-url>`, the
 * scenario in `MCP_CONFORMANCE_SCENARIO` (and, for some, facts in `MCP_CONFORMANCE_CONTEXT`).
 * Each scenario uses the library as a user would; the suite judges what the server saw.
 */
import { noAuth } from '../../src/core/auth/auth-methods.js';
import type { TokenProvider } from '../../src/core/auth/token-provider.js';
import { McpOAuth, type McpOAuthOptions, type McpOAuthPrivateKey } from '../../src/core/mcp/auth/mcp-oauth.js';
import { McpApiClient } from '../../src/core/mcp/mcp-api-client.js';
import type { McpApiClientOptions } from '../../src/core/mcp/mcp-options.js';

type Scenario = (serverUrl: string) => Promise<void>;

/** The URL the suite's authorization servers accept as a Client ID Metadata Document. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
const REDIRECT_URI = 'http://localhost:3000/callback';

interface Context {
  readonly client_id?: string;
  readonly idp_client_id?: string;
  readonly idp_id_token?: string;
  readonly idp_token_endpoint?: string;
  readonly client_secret?: string;
  readonly private_key_pem?: string;
  readonly signing_algorithm?: string;
}

function context(): Context {
  const raw = process.env.MCP_CONFORMANCE_CONTEXT;
  return raw === undefined ? {} : (JSON.parse(raw) as Context);
}

function clientFor(serverUrl: string, auth?: TokenProvider, options: McpApiClientOptions = {}): McpApiClient {
  const url = new URL(serverUrl);
  return new McpApiClient(auth ?? noAuth(), {
    baseUrl: url.origin,
    endpointPath: url.pathname,
    clientInfo: { name: 'pagerduty-client-conformance', version: '1.0.0' },
    ...options,
  });
}

/** Lists the tools and calls each with arguments its schema asks for. */
async function listAndCall(client: McpApiClient): Promise<void> {
  const tools = await client.listTools();
  for (const tool of tools) {
    const properties = Object.keys(tool.inputSchema.properties ?? {});
    const args = Object.fromEntries(properties.map((name, index) => [name, index + 2]));
    await client.callTool(tool.name, args);
  }
}

async function basic(serverUrl: string): Promise<void> {
  await using client = clientFor(serverUrl);
  await listAndCall(client);
}

/** The "browser": the suite's authorization endpoint redirects at once, with the code. */
async function followAuthorization(url: URL): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (location === null) throw new Error(`the authorization endpoint answered ${response.status} without a redirect`);
  return location;
}

function oauthFor(serverUrl: string, options: Partial<McpOAuthOptions> = {}): McpOAuth {
  return new McpOAuth({
    resource: serverUrl,
    clientMetadataUrl: CLIENT_METADATA_URL,
    clientName: 'pagerduty-client-conformance',
    redirectUri: REDIRECT_URI,
    authorize: followAuthorization,
    ...options,
  });
}

async function authorized(serverUrl: string, options: Partial<McpOAuthOptions> = {}): Promise<void> {
  await using client = clientFor(serverUrl, oauthFor(serverUrl, options));
  await listAndCall(client);
}

async function privateKey(pem: string): Promise<McpOAuthPrivateKey> {
  const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  return crypto.subtle.importKey('pkcs8', der, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
}

const scenarios: Record<string, Scenario> = {
  initialize: basic,
  tools_call: basic,
  'sse-retry': basic,
  'elicitation-sep1034-client-defaults': async (serverUrl) => {
    await using client = clientFor(serverUrl, undefined, {
      // Accepts with nothing filled in: the client applies the schema's defaults.
      onElicitation: () => ({ action: 'accept', content: {} }),
    });
    await listAndCall(client);
  },
  'auth/pre-registration': (serverUrl) => {
    const { client_id: clientId = '', client_secret: clientSecret } = context();
    return authorized(serverUrl, { client: { clientId, clientSecret } });
  },
  'auth/client-credentials-basic': (serverUrl) => {
    const { client_id: clientId = '', client_secret: clientSecret } = context();
    return authorized(serverUrl, { grant: 'client_credentials', client: { clientId, clientSecret } });
  },
  'auth/cross-app-access-complete-flow': (serverUrl) => {
    const { client_id: clientId = '', client_secret: clientSecret, ...idp } = context();
    // SEP-990 as guide/mcp.md documents it: the library exchanges the ID token for an ID-JAG, then grants.
    return authorized(serverUrl, {
      grant: 'jwt-bearer',
      client: { clientId, clientSecret },
      crossAppAccess: {
        tokenEndpoint: idp.idp_token_endpoint ?? '',
        client: { clientId: idp.idp_client_id ?? '' },
        idToken: idp.idp_id_token ?? '',
      },
    });
  },
  'auth/client-credentials-jwt': async (serverUrl) => {
    const { client_id: clientId = '', private_key_pem: pem = '' } = context();
    const key = await privateKey(pem);
    return authorized(serverUrl, {
      grant: 'client_credentials',
      client: { clientId, authMethod: 'private_key_jwt', privateKey: key },
    });
  },
};

async function main(): Promise<void> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const serverUrl = process.argv[2];
  const run = scenarios[scenario] ?? (scenario.startsWith('auth/') ? authorized : undefined);
  if (run === undefined || serverUrl === undefined) {
    console.error(
      `usage: MCP_CONFORMANCE_SCENARIO=<scenario> client.mjs <server-url> (scenario: ${scenario || 'none'})`,
    );
    process.exit(2);
  }
  await run(serverUrl);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
