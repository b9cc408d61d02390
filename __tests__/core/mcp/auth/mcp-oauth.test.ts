/** McpOAuth with McpApiClient against a loopback MCP server that is its own authorization server. */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { McpAuthorizationError, McpOAuth, type McpOAuthOptions } from '../../../../src/core/mcp/auth/mcp-oauth.js';
import { McpApiClient } from '../../../../src/core/mcp/mcp-api-client.js';
import { HttpError } from '../../../../src/core/errors/error-classes.js';
import { realSockets } from '../../../helpers/test-kit.js';

interface Seen {
  authorizations: URLSearchParams[];
  tokens: { body: URLSearchParams; authorization?: string }[];
  /** Token exchanges at the identity provider (/idp/token). */
  exchanges: { body: URLSearchParams; authorization?: string }[];
  mcp: { method: string; token?: string }[];
}

interface Setup {
  /** The scopes each token grants: the scope of the authorization, as the server was asked. */
  readonly toolScope?: string;
  readonly prmResource?: (base: string) => string;
  readonly iss?: (issuer: string) => string | undefined;
  /** The scopes the authorization server grants at most. */
  readonly grantable?: readonly string[];
}

let server: Server | undefined;

const readBody = async (request: IncomingMessage): Promise<string> => {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
};

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** The MCP endpoint at /mcp (tools/call needs `mcp:write`), its metadata, and an authorization server at /as. */
async function startServer(setup: Setup = {}): Promise<{ base: string; seen: Seen }> {
  const seen: Seen = { authorizations: [], tokens: [], exchanges: [], mcp: [] };
  const granted = new Map<string, string>();
  let challenge = '';
  let base = '';
  server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base);
      const issuer = `${base}/as`;
      const body = await readBody(request);
      if (url.pathname === '/.well-known/oauth-protected-resource/mcp')
        return json(response, 200, {
          resource: setup.prmResource?.(base) ?? `${base}/mcp`,
          authorization_servers: [issuer],
          scopes_supported: ['mcp:read'],
        });
      if (url.pathname === '/.well-known/oauth-authorization-server/as')
        return json(response, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          authorization_response_iss_parameter_supported: true,
        });
      if (url.pathname === '/as/authorize') {
        seen.authorizations.push(url.searchParams);
        challenge = url.searchParams.get('code_challenge') ?? '';
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', `code-${seen.authorizations.length}`);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        const iss = setup.iss ? setup.iss(issuer) : issuer;
        if (iss !== undefined) back.searchParams.set('iss', iss);
        return void response.writeHead(302, { location: back.href }).end();
      }
      if (url.pathname === '/idp/token') {
        const form = new URLSearchParams(body);
        seen.exchanges.push({ body: form, authorization: request.headers.authorization });
        if (form.get('subject_token') !== 'the-id-token') return json(response, 400, { error: 'invalid_grant' });
        const jag = { access_token: 'id-jag-1', issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag' };
        return json(response, 200, { ...jag, token_type: 'N_A', expires_in: 300 });
      }
      if (url.pathname === '/as/token') {
        const form = new URLSearchParams(body);
        seen.tokens.push({ body: form, authorization: request.headers.authorization });
        const verifier = form.get('code_verifier') ?? '';
        const computed = createHash('sha256').update(verifier).digest('base64url');
        if (form.get('grant_type') === 'authorization_code' && computed !== challenge)
          return json(response, 400, { error: 'invalid_grant' });
        const token = `token-${seen.tokens.length}`;
        const last = seen.authorizations.at(-1);
        const asked = (form.get('scope') ?? last?.get('scope') ?? '').split(' ');
        granted.set(token, asked.filter((scope) => setup.grantable?.includes(scope) ?? true).join(' '));
        return json(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      if (url.pathname !== '/mcp') return json(response, 404, {});
      const message = JSON.parse(body || '{}') as { id?: string; method: string };
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      seen.mcp.push({ method: message.method, token });
      const metadata = `resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`;
      if (token === undefined || !granted.has(token))
        return json(response, 401, {}, { 'www-authenticate': `Bearer error="invalid_token", ${metadata}` });
      const needed = setup.toolScope ?? 'mcp:read mcp:write';
      if (
        message.method === 'tools/call' &&
        !needed.split(' ').every((s) => granted.get(token)!.split(' ').includes(s))
      )
        return json(
          response,
          403,
          {},
          {
            'www-authenticate': `Bearer error="insufficient_scope", scope="${needed}", ${metadata}`,
          },
        );
      if (message.id === undefined) return void response.writeHead(202).end();
      const result =
        message.method === 'initialize' ? { protocolVersion: '2025-11-25', capabilities: {} } : { content: [] };
      return json(response, 200, { jsonrpc: '2.0', id: message.id, result }, { 'mcp-session-id': 's-1' });
    })();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { base, seen };
}

/** The user's browser, as a test has it: the authorization endpoint redirects at once. */
async function browser(url: URL): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  return response.headers.get('location') ?? '';
}

function clientFor(base: string, options: Partial<McpOAuthOptions> = {}): McpApiClient {
  const oauth = new McpOAuth({
    resource: `${base}/mcp`,
    client: { clientId: 'pre-registered', clientSecret: 's3cret' },
    redirectUri: 'http://127.0.0.1:9/callback',
    authorize: browser,
    ...options,
  });
  return new McpApiClient(oauth, { baseUrl: base, logger: { debug() {}, info() {}, warn() {}, error() {} } });
}

beforeAll(realSockets);

afterEach(async () => {
  const running = server;
  server = undefined;
  if (running) await new Promise((resolve) => running.close(resolve));
});

describe('McpOAuth', () => {
  it('authorizes on the first 401 (metadata, PKCE S256, resource) and sends the refused request again', async () => {
    const { base, seen } = await startServer({ toolScope: 'mcp:read' });
    const client = clientFor(base);
    await client.callTool('list_incidents', {});
    await client.close();
    expect(seen.mcp.map((m) => `${m.method} ${m.token ?? '-'}`)).toEqual([
      'initialize -',
      'initialize token-1',
      'notifications/initialized token-1',
      'tools/call token-1',
      'undefined token-1', // DELETE, no body
    ]);
    const [asked] = seen.authorizations;
    expect(asked.get('client_id')).toBe('pre-registered');
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('resource')).toBe(`${base}/mcp`);
    expect(asked.get('scope')).toBe('mcp:read');
    const [token] = seen.tokens;
    expect(token.body.get('resource')).toBe(`${base}/mcp`);
    expect(token.authorization).toBe(`Basic ${btoa('pre-registered:s3cret')}`);
  });

  it('steps up on 403 insufficient_scope with the scopes added, once', async () => {
    const { base, seen } = await startServer();
    const client = clientFor(base);
    await client.callTool('create_incident', {});
    await client.close();
    expect(seen.authorizations.map((a) => a.get('scope'))).toEqual(['mcp:read', 'mcp:read mcp:write']);
    expect(seen.mcp.filter((m) => m.method === 'tools/call').map((m) => m.token)).toEqual(['token-1', 'token-2']);
  });

  it('gives up when a step-up brought no scope: the call fails with its 403, the next asks no more', async () => {
    const { base, seen } = await startServer({ toolScope: 'mcp:read mcp:admin', grantable: ['mcp:read'] });
    const client = clientFor(base);
    const first = await client.callTool('acts', {}).catch((err: unknown) => err);
    const second = await client.callTool('acts', {}).catch((err: unknown) => err);
    await client.close();
    for (const error of [first, second]) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(403);
    }
    expect(seen.authorizations.map((a) => a.get('scope'))).toEqual(['mcp:read', 'mcp:read mcp:admin']);
  });

  it('refuses an authorization response from another issuer (RFC 9207), before any token request', async () => {
    const { base, seen } = await startServer({ iss: () => 'https://evil.example.com' });
    const client = clientFor(base);
    await expect(client.connect()).rejects.toThrow(/iss/);
    await client.close();
    expect(seen.tokens).toHaveLength(0);
  });

  it('refuses resource metadata that names another resource', async () => {
    const { base, seen } = await startServer({ prmResource: () => 'https://elsewhere.example.com/mcp' });
    const client = clientFor(base);
    await expect(client.connect()).rejects.toThrow(McpAuthorizationError);
    await client.close();
    expect(seen.authorizations).toHaveLength(0);
  });

  it('gets a client_credentials token without a user, the resource named', async () => {
    const { base, seen } = await startServer({ toolScope: 'mcp:read' });
    const client = clientFor(base, { grant: 'client_credentials', authorize: undefined });
    await client.callTool('list_incidents', {});
    await client.close();
    expect(seen.authorizations).toHaveLength(0);
    expect(seen.tokens[0].body.get('grant_type')).toBe('client_credentials');
    expect(seen.tokens[0].body.get('resource')).toBe(`${base}/mcp`);
  });

  it("trades an identity provider's assertion for a token (jwt-bearer), naming the issuer and resource", async () => {
    const { base, seen } = await startServer({ toolScope: 'mcp:read' });
    const targets: unknown[] = [];
    const client = clientFor(base, {
      grant: 'jwt-bearer',
      authorize: undefined,
      assertion: async (target) => {
        targets.push(target);
        return 'id-jag';
      },
    });
    await client.callTool('list_incidents', {});
    await client.close();
    expect(targets).toEqual([{ issuer: `${base}/as`, resource: `${base}/mcp` }]);
    expect(seen.tokens[0].body.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(seen.tokens[0].body.get('assertion')).toBe('id-jag');
  });

  it('does cross-app access: exchanges the ID token at the identity provider (RFC 8693), then grants', async () => {
    const { base, seen } = await startServer({ toolScope: 'mcp:read' });
    const client = clientFor(base, {
      grant: 'jwt-bearer',
      authorize: undefined,
      crossAppAccess: {
        tokenEndpoint: `${base}/idp/token`,
        client: { clientId: 'idp-app', clientSecret: 'idp-secret' },
        idToken: async () => 'the-id-token',
      },
    });
    await client.callTool('list_incidents', {});
    await client.close();
    expect(Object.fromEntries(seen.exchanges[0].body)).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
      audience: `${base}/as`,
      resource: `${base}/mcp`,
      subject_token: 'the-id-token',
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    });
    expect(seen.exchanges[0].authorization).toBe(`Basic ${btoa('idp-app:idp-secret')}`);
    expect(seen.tokens[0].body.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(seen.tokens[0].body.get('assertion')).toBe('id-jag-1');
    expect(seen.mcp.at(-1)?.token).toBe('token-1');
  });

  it('fails with McpAuthorizationError when the identity provider refuses the exchange; grants nothing', async () => {
    const { base, seen } = await startServer({ toolScope: 'mcp:read' });
    const client = clientFor(base, {
      grant: 'jwt-bearer',
      authorize: undefined,
      crossAppAccess: { tokenEndpoint: `${base}/idp/token`, client: { clientId: 'idp-app' }, idToken: 'expired' },
    });
    const error = await client.callTool('list_incidents', {}).catch((err: unknown) => err);
    await client.close();
    expect(error).toBeInstanceOf(McpAuthorizationError);
    expect((error as Error).message).toContain('refused the token exchange (400: invalid_grant)');
    expect(seen.exchanges[0].body.get('client_id')).toBe('idp-app');
    expect(seen.tokens).toEqual([]);
  });

  it('starts from the tokens given, and hands every new token to onTokens', async () => {
    const { base, seen } = await startServer({ toolScope: 'mcp:read' });
    const kept: unknown[] = [];
    const client = clientFor(base, {
      tokens: { accessToken: 'from-last-run' },
      onTokens: (tokens) => void kept.push(tokens),
    });
    await client.callTool('list_incidents', {});
    await client.close();
    expect(seen.mcp[0].token).toBe('from-last-run'); // refused: this server never issued it
    expect(seen.authorizations).toHaveLength(1);
    expect(kept).toEqual([{ accessToken: 'token-1', expiresAt: expect.any(Number), scope: 'mcp:read' }]);
  });

  it('refreshes a given token that is due before it is sent, the server found by well-known metadata', async () => {
    const { base, seen } = await startServer();
    const tokens = { accessToken: 'stale', refreshToken: 'r1', expiresAt: 0 };
    const client = clientFor(base, { tokens });
    await client.call('ping');
    await client.close();
    expect(seen.authorizations).toHaveLength(0);
    expect(
      seen.tokens.map((t) => [t.body.get('grant_type'), t.body.get('refresh_token'), t.body.get('resource')]),
    ).toEqual([['refresh_token', 'r1', `${base}/mcp`]]);
    expect(seen.mcp.map((m) => m.token)).not.toContain('stale');
  });

  it('checks its options before any request', () => {
    expect(() => new McpOAuth({ resource: 'https://x/mcp' })).toThrow(/authorize/);
    expect(() => new McpOAuth({ resource: 'https://x/mcp', grant: 'client_credentials' })).toThrow(/client/);
    const client = { clientId: 'c' };
    expect(() => new McpOAuth({ resource: 'https://x/mcp', grant: 'jwt-bearer', client })).toThrow(/assertion/);
    const crossAppAccess = { tokenEndpoint: 'http://idp.example/token', client, idToken: 't' };
    expect(() => new McpOAuth({ resource: 'https://x/mcp', grant: 'jwt-bearer', client, crossAppAccess })).toThrow(
      /https/,
    );
    const both = { crossAppAccess: { ...crossAppAccess, tokenEndpoint: 'https://idp/t' }, assertion: async () => 'a' };
    expect(() => new McpOAuth({ resource: 'https://x/mcp', grant: 'jwt-bearer', client, ...both })).toThrow(
      /one of them/,
    );
  });
});
