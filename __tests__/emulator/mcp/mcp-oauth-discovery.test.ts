/**
 * An MCP session authorizes through OAuth discovery against the emulator (`mcpAuth: 'oauth'`): `McpApiClient`
 * on `McpOAuth`, with the pre-registered public client and PKCE (the test plays the browser) or with the
 * confidential client's `client_credentials`; then a token that expires or is revoked is renewed and the
 * session goes on. The clocks are injected: nothing waits for a token to lapse.
 */
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../../src/emulator/index.js';
import { McpOAuth, type McpOAuthOptions, type McpOAuthTokens } from '../../../src/core/mcp/auth/mcp-oauth.js';
import { McpApiClient } from '../../../src/core/mcp/mcp-api-client.js';
import { realSockets } from '../../helpers/test-kit.js';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** The user's browser: opens the authorization URL and hands back where the emulator redirected. */
function browser(visited: URL[]): (url: URL) => Promise<string> {
  return async (url) => {
    visited.push(url);
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return response.headers.get('location') ?? '';
  };
}

interface Run {
  emulator: Emulator;
  mcp: McpApiClient;
  visited: URL[];
  tokens: McpOAuthTokens[];
}

let running: Run | undefined;

async function connect(emulatorOptions: EmulatorOptions, oauthOptions: Partial<McpOAuthOptions> = {}): Promise<Run> {
  const emulator = await startEmulator({ mcpAuth: 'oauth', seedIncidents: 6, ...emulatorOptions });
  const visited: URL[] = [];
  const tokens: McpOAuthTokens[] = [];
  const oauth = new McpOAuth({
    resource: `${emulator.url}/mcp`,
    client: { clientId: 'emulator-public-app' },
    redirectUri: 'http://127.0.0.1:9/callback',
    authorize: browser(visited),
    onTokens: (held) => void tokens.push(held),
    ...oauthOptions,
  });
  running = { emulator, mcp: new McpApiClient(oauth, { baseUrl: emulator.url, logger: quiet }), visited, tokens };
  return running;
}

/** The JSON-RPC methods `/mcp` answered, and how many token requests the identity service did. */
function traffic(emulator: Emulator): { initialize: number; tokenRequests: number; refused: number } {
  const requests = emulator.requests;
  return {
    initialize: requests.filter((record) => record.rpcMethod === 'initialize' && record.status === 200).length,
    tokenRequests: requests.filter((record) => record.path === '/oauth/token').length,
    refused: requests.filter((record) => record.path === '/mcp' && record.status === 401).length,
  };
}

beforeAll(realSockets);

afterEach(async () => {
  jest.restoreAllMocks();
  const run = running;
  running = undefined;
  await run?.mcp.close();
  await run?.emulator.close();
});

describe('an MCP session authorizing through OAuth discovery against the emulator', () => {
  it('discovers, authorizes a user with PKCE and the resource named, lists tools and calls a read tool', async () => {
    const { emulator, mcp, visited } = await connect({});
    const tools = await mcp.listTools();
    expect(tools.map((tool) => tool.name)).toContain('list_incidents');
    expect(tools.map((tool) => tool.name)).not.toContain('manage_incidents');
    const me = await mcp.callTool('get_user_data', {});
    expect(me.isError).not.toBe(true);
    expect(JSON.stringify(me.structuredContent ?? me.content)).toContain(emulator.keys.users[0].email);

    expect(visited).toHaveLength(1);
    const asked = visited[0].searchParams;
    expect(visited[0].origin + visited[0].pathname).toBe(`${emulator.url}/oauth/authorize`);
    expect(asked.get('client_id')).toBe('emulator-public-app');
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('resource')).toBe(`${emulator.url}/mcp`);
    // One 401 (no token yet), then everything with the token.
    expect(traffic(emulator)).toEqual({ initialize: 1, tokenRequests: 1, refused: 1 });
  });

  it('authorizes an app with client_credentials (emulator-app) and lists incidents', async () => {
    const { emulator, mcp, visited } = await connect(
      {},
      {
        grant: 'client_credentials',
        client: { clientId: 'emulator-app', clientSecret: 'emulator-app-secret' },
        scope: 'as_account-us.emulator',
      },
    );
    const listed = await mcp.callTool('list_incidents', { limit: 3 });
    expect(listed.isError).not.toBe(true);
    expect(JSON.stringify(listed.structuredContent ?? listed.content)).toContain(emulator.state.incidents.all()[0].id);
    expect(visited).toHaveLength(0);
    expect(traffic(emulator).tokenRequests).toBe(1);
  });

  it('refreshes a token that is due (both clocks moved past its lifetime) and the session goes on', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    jest.spyOn(Date, 'now').mockImplementation(() => clock);
    const { emulator, mcp, visited, tokens } = await connect({ tokenLifetime: 300, now: () => new Date(clock) });
    await mcp.listTools();
    expect(tokens).toHaveLength(1);
    expect(tokens[0].refreshToken).toBeDefined();

    clock += 600_000;
    const listed = await mcp.callTool('list_incidents', { limit: 1 });
    expect(listed.isError).not.toBe(true);
    expect(tokens).toHaveLength(2);
    expect(tokens[1].accessToken).not.toBe(tokens[0].accessToken);
    // The refresh token grant, before the request: no sign-in, no 401, the same session.
    expect(visited).toHaveLength(1);
    expect(traffic(emulator)).toEqual({ initialize: 1, tokenRequests: 2, refused: 1 });
  });

  it('keeps a 20-second token for most of its life: renewed a tenth of its life early, not at every call', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    jest.spyOn(Date, 'now').mockImplementation(() => clock);
    const { emulator, mcp, tokens } = await connect({ tokenLifetime: 20, now: () => new Date(clock) });
    await mcp.listTools();
    for (const seconds of [5, 5, 5]) {
      clock += seconds * 1000;
      await mcp.callTool('list_incidents', { limit: 1 });
    }
    expect(tokens).toHaveLength(1); // 15 s into its life: 2 s of margin left untouched
    clock += 3500; // 18.5 s: inside the last tenth
    await mcp.callTool('list_incidents', { limit: 1 });
    expect(tokens).toHaveLength(2);
    expect(traffic(emulator).tokenRequests).toBe(2);
  });

  it('renews with its refresh token when the emulator revokes the access token: no new sign-in', async () => {
    const { emulator, mcp, visited, tokens } = await connect({});
    await mcp.listTools();
    expect(tokens[0]?.refreshToken).toBeDefined();
    expect(emulator.revokeOAuthTokens()).toBe(1);
    const listed = await mcp.callTool('list_incidents', { limit: 1 });
    expect(listed.isError).not.toBe(true);
    expect(visited).toHaveLength(1);
    expect(traffic(emulator)).toEqual({ initialize: 1, tokenRequests: 2, refused: 2 });
  });

  it('signs in again when the refresh token is refused too, and the session goes on', async () => {
    const { emulator, mcp, visited, tokens } = await connect({});
    await mcp.listTools();
    const revoked = await fetch(`${emulator.identityUrl}/oauth/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ token: tokens[0]?.refreshToken ?? '', client_id: 'emulator-public-app' }),
    });
    expect(revoked.ok).toBe(true);
    emulator.revokeOAuthTokens();
    const listed = await mcp.callTool('list_incidents', { limit: 1 });
    expect(listed.isError).not.toBe(true);
    expect(visited).toHaveLength(2);
    expect(traffic(emulator)).toEqual({ initialize: 1, tokenRequests: 3, refused: 2 });
  });
});
