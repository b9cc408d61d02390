/**
 * The client the MCP conformance suite launches: `node client.mjs <server-url>`, the
 * scenario in `MCP_CONFORMANCE_SCENARIO` (and, for some, facts in `MCP_CONFORMANCE_CONTEXT`).
 * Each scenario uses the library as a user would; the suite judges what the server saw.
 */
import { noAuth } from '../../src/core/auth/auth-methods.js';
import { McpApiClient } from '../../src/core/mcp/mcp-api-client.js';
import type { McpApiClientOptions } from '../../src/core/mcp/mcp-options.js';

type Scenario = (serverUrl: string) => Promise<void>;

function clientFor(serverUrl: string, options: McpApiClientOptions = {}): McpApiClient {
  const url = new URL(serverUrl);
  return new McpApiClient(noAuth(), {
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

const scenarios: Record<string, Scenario> = {
  initialize: basic,
  tools_call: basic,
  'sse-retry': basic,
  'elicitation-sep1034-client-defaults': async (serverUrl) => {
    await using client = clientFor(serverUrl, {
      capabilities: { elicitation: {} },
      onRequest: (request) => (request.method === 'elicitation/create' ? { action: 'accept', content: {} } : undefined),
    });
    await listAndCall(client);
  },
};

async function main(): Promise<void> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const serverUrl = process.argv[2];
  const run = scenarios[scenario] ?? (scenario.startsWith('auth/') ? basic : undefined);
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
