/**
 * guide/mcp.md: every TypeScript snippet runs as written, against the emulator. The package's clients are
 * bound with their default server moved to a local one: PagerDuty's MCP server to the emulator (keyed, or in
 * `mcpAuth: 'oauth'` for McpOAuth), the guide's `http://127.0.0.1:3000` to a loopback MCP server without
 * credentials. The two snippets whose grants the emulator's identity service lacks (private_key_jwt,
 * jwt-bearer) are type-checked by guide-snippets.test.ts and said SKIPPED here; the conformance suite runs
 * that code path (`auth/client-credentials-jwt`, `auth/cross-app-access-complete-flow`).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as core from '../../src/index.js';
import * as emulatorModule from '../../src/emulator/index.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { realSockets } from '../helpers/test-kit.js';
import { runSnippet, type Snippet } from '../legacy/snippet-runner.js';
import { codeBlocks } from './markdown-blocks.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const page = readFileSync(path.join(root, 'guide/mcp.md'), 'utf8');
const lines = page.split('\n');
const snippets: Snippet[] = codeBlocks(page)
  .filter((block) => block.language === 'ts')
  .map((block) => {
    const above =
      lines
        .slice(0, block.line - 1)
        .reverse()
        .find((line) => line.trim() !== '') ?? '';
    const name = /^<!-- run: ([\w-]+) -->$/.exec(above.trim())?.[1] ?? `line-${block.line}`;
    return { name, line: block.line, code: block.code };
  });

/** The emulator's identity service has neither grant: these run in the conformance suite instead. */
const NOT_ON_THE_EMULATOR = new Set(['mcp-private-key-jwt', 'mcp-cross-app-access']);
const PAGERDUTY_MCP = 'https://mcp.pagerduty.com';
const LOCAL_SERVER = 'http://127.0.0.1:3000';

let keyed: Emulator;
let oauth: Emulator;
let local: Server;
let localUrl = '';

/** A loopback MCP server that takes no credential: initialize, tools/list, DELETE. */
async function startLocalServer(): Promise<void> {
  local = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', () => {
      if (request.method === 'DELETE') return void response.writeHead(200).end();
      const message = JSON.parse(body || '{}') as { id?: number | string; method: string };
      if (message.id === undefined) return void response.writeHead(202).end();
      const result =
        message.method === 'initialize'
          ? { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'local', version: '1' } }
          : { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] };
      response
        .writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'local-1' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result, authorization: request.headers.authorization }));
    });
  });
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  const address = local.address();
  localUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** The package with its clients' default servers moved to the local ones. */
function boundPackage(): Record<string, unknown> {
  class McpOAuth extends core.McpOAuth {
    constructor(options: core.McpOAuthOptions) {
      super({ ...options, resource: String(options.resource).replace(PAGERDUTY_MCP, oauth.url) });
    }
  }
  class McpApiClient extends core.McpApiClient {
    constructor(auth: ConstructorParameters<typeof core.McpApiClient>[0], options: core.McpApiClientOptions = {}) {
      const fallback = auth instanceof core.McpOAuth ? oauth.url : keyed.url;
      const baseUrl = options.baseUrl === LOCAL_SERVER ? localUrl : (options.baseUrl ?? fallback);
      super(auth, { ...options, baseUrl });
    }
  }
  return { ...core, McpApiClient, McpOAuth };
}

describe('guide/mcp.md: every MCP snippet against the emulator', () => {
  const saved = { ...process.env };
  beforeAll(async () => {
    realSockets();
    keyed = await startEmulator({ seedIncidents: 8, mcpWriteTools: true, delay: async () => {} });
    oauth = await startEmulator({ mcpAuth: 'oauth' });
    await startLocalServer();
    process.env.PAGERDUTY_API_KEY = keyed.keys.users[0].key;
    process.env.PAGERDUTY_OAUTH_CLIENT_ID = 'emulator-public-app';
    delete process.env.PAGERDUTY_OAUTH_CLIENT_SECRET;
    // The guide's sign-in: the emulator's /oauth/authorize approves at once; the browser follows its redirect.
    (globalThis as { signInAt?: (url: URL) => Promise<string> }).signInAt = async (url) =>
      (await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '';
  });
  afterAll(async () => {
    process.env = saved;
    delete (globalThis as { signInAt?: unknown }).signInAt;
    await keyed.close();
    await oauth.close();
    await new Promise((resolve) => local.close(resolve));
  });

  it('finds the snippets the tests below expect', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(11);
    for (const name of ['mcp-no-auth', 'mcp-pagerduty-tools', 'mcp-tool-policy', 'mcp-oauth-emulator'])
      expect(snippets.map((snippet) => snippet.name)).toContain(name);
  });

  it.each(snippets.map((snippet) => [snippet.name, snippet] as const))('runs %s', async (name, snippet) => {
    if (NOT_ON_THE_EMULATOR.has(name)) {
      console.log(`SKIPPED: guide/mcp.md ${name} (the emulator's identity service has no such grant)`);
      return;
    }
    const printed = await runSnippet(snippet, {
      'pagerduty-client': boundPackage(),
      'pagerduty-client/emulator': emulatorModule,
    });
    if (name === 'mcp-no-auth') expect(printed).toEqual(['1']);
    if (name === 'mcp-pagerduty-tools') expect(printed.at(-1)).toBe('true');
    if (name === 'mcp-tool-policy') expect(printed).toEqual(['allow add_note_to_incident?', 'allow']);
    if (name === 'mcp-oauth-emulator') expect(printed).toEqual(['true', 'listed']);
    expect(printed.join('\n')).not.toMatch(/Error executing tool/);
  });
});
