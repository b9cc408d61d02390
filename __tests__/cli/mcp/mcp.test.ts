import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { isReadOnlyTool, mcpBaseUrl, resultText, toolArguments, toolLines } from '../../../src/cli/mcp/mcp.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';
import { runCli } from '../cli-harness.js';
import { temporaryHome } from '../profiles/profile-home.js';

describe('pagerduty mcp: its pieces', () => {
  it('reads --arg key=value flags: typed values, a repeated key a list', () => {
    expect(toolArguments(['limit=5', 'statuses=triggered', 'statuses=acknowledged', 'all=true'])).toEqual({
      limit: 5,
      statuses: ['triggered', 'acknowledged'],
      all: true,
    });
    expect(() => toolArguments(['novalue'])).toThrow(/key=value/);
  });

  it('lists tools one per line, read-only or not, and runs only read-only ones unmarked', () => {
    const read = {
      name: 'list_incidents',
      description: 'Lists\nmore',
      inputSchema: { type: 'object' as const },
      annotations: { readOnlyHint: true },
    };
    const write = { name: 'create_incident', inputSchema: { type: 'object' as const } };
    expect(toolLines([read, write])).toEqual(['list_incidents   read-only  Lists', 'create_incident  writes']);
    expect(isReadOnlyTool(read)).toBe(true);
    expect(isReadOnlyTool(write)).toBe(false);
  });

  it("picks the MCP server: --base-url, --region's host, PAGERDUTY_MCP_URL, then the profile's URL or region", () => {
    const env = { PAGERDUTY_MCP_URL: 'http://127.0.0.1:3' };
    expect(mcpBaseUrl({ baseUrl: 'http://127.0.0.1:1', region: 'eu' }, env, { region: 'us' })).toBe(
      'http://127.0.0.1:1',
    );
    expect(mcpBaseUrl({ region: 'eu' }, env, { baseUrl: 'http://127.0.0.1:2' })).toBe('https://mcp.eu.pagerduty.com');
    expect(mcpBaseUrl({}, env, { baseUrl: 'http://127.0.0.1:2' })).toBe('http://127.0.0.1:3');
    expect(mcpBaseUrl({}, {}, { baseUrl: 'http://127.0.0.1:2', region: 'eu' })).toBe('http://127.0.0.1:2');
    expect(mcpBaseUrl({}, {}, { region: 'eu' })).toBe('https://mcp.eu.pagerduty.com');
    expect(mcpBaseUrl({}, {})).toBeUndefined();
  });

  it('prints text blocks, else the structured content', () => {
    expect(
      resultText({
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      }),
    ).toBe('a\nb');
    expect(resultText({ content: [], structuredContent: { n: 1 } })).toBe('{\n  "n": 1\n}');
  });
});

describe('pagerduty mcp against the emulator', () => {
  let emulator: Emulator;
  let env: Record<string, string>;
  beforeAll(async () => {
    realSockets();
    emulator = await startEmulator({ mcpWriteTools: true });
    env = { PAGERDUTY_API_KEY: emulator.keys.users[0].key };
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('lists the tools, as lines or as JSON', async () => {
    const lines = await runCli(['mcp', 'tools', '--base-url', emulator.url], env);
    expect(lines.status).toBe(0);
    expect(lines.stdout).toMatch(/^list_incidents +read-only +List incidents/m);
    expect(lines.stdout).toMatch(/^manage_incidents +writes +Manage one or more incidents/m);
    const json = await runCli(['mcp', 'tools', '--base-url', emulator.url, '--json'], env);
    expect((JSON.parse(json.stdout) as { name: string }[]).map((tool) => tool.name)).toContain('get_user_data');
  });

  it("lists the tools with a saved profile's key and base URL, and prints no secret", async () => {
    await using home = await temporaryHome();
    const key = emulator.keys.users[0].key;
    const added = await runCli(['profile', 'add', 'emu', '--base-url', emulator.url, '--with-key'], home.env, {
      stdin: Readable.from([`${key}\n`]),
    });
    expect(added.status).toBe(0);
    const listed = await runCli(['mcp', 'tools', '--profile', 'emu'], home.env);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^list_incidents +read-only/m);
    for (const line of `${listed.stdout}\n${listed.stderr}`.split('\n')) expect(line).not.toContain(key);
  });

  it('calls a read-only tool with its arguments', async () => {
    const result = await runCli(
      ['mcp', 'call', 'list_incidents', '--arg', 'limit=1', '--json', '--base-url', emulator.url],
      env,
    );
    expect(result.status).toBe(0);
    const parsed = JSON.parse(result.stdout) as { structuredContent: { response: unknown[] } };
    expect(parsed.structuredContent.response).toHaveLength(1);
  });

  it('refuses a tool that writes without --allow-write, and calls it with', async () => {
    const incident = emulator.state.incidents.all().find((candidate) => candidate.status === 'triggered')!;
    const request = JSON.stringify({ incident_ids: [incident.id], status: 'acknowledged' });
    const args = ['mcp', 'call', 'manage_incidents', '--arg', `manage_request=${request}`, '--base-url', emulator.url];
    const refused = await runCli(args, env);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/not marked read-only: pass --allow-write/);
    expect(emulator.state.incidents.get(incident.id)?.status).toBe('triggered');
    const allowed = await runCli([...args, '--allow-write'], env);
    expect(allowed.status).toBe(0);
    expect(emulator.state.incidents.get(incident.id)?.status).toBe('acknowledged');
  });

  it('exits 1 when the tool reports an error, and 2 for a tool the server lacks', async () => {
    const failed = await runCli(
      ['mcp', 'call', 'get_incident', '--arg', 'incident_id=PNOPE', '--base-url', emulator.url],
      env,
    );
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/Error executing tool get_incident: GET \/incidents\/PNOPE/);
    const bogus = await runCli(['mcp', 'call', 'list_incidents', '--arg', 'bogus=1', '--base-url', emulator.url], env);
    expect(bogus.status).toBe(1);
    expect(bogus.stdout).toMatch(/bogus\n {2}Extra inputs are not permitted/);
    const missing = await runCli(['mcp', 'call', 'no_such_tool', '--base-url', emulator.url], env);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/no tool no_such_tool/);
    const misspelt = await runCli(['mcp', 'call', 'list_incident', '--base-url', emulator.url], env);
    expect(misspelt.status).toBe(2);
    expect(misspelt.stderr).toContain('no tool list_incident (did you mean list_incidents?)');
  });
});

describe('withListArguments', () => {
  it('sends one value for a list the tool declares as that list, and leaves the rest as given', async () => {
    const { withListArguments } = await import('../../../src/cli/mcp/mcp.js');
    const schema = {
      properties: {
        statuses: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
        limit: { type: 'integer' },
      },
    };
    expect(withListArguments({ statuses: 'triggered', limit: 5 }, schema)).toEqual({
      statuses: ['triggered'],
      limit: 5,
    });
    expect(withListArguments({ statuses: ['a', 'b'] }, schema)).toEqual({ statuses: ['a', 'b'] });
    expect(withListArguments({ other: 'x' }, undefined)).toEqual({ other: 'x' });
  });
});
