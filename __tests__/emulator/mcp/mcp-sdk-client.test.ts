/**
 * Interoperability: the official MCP TypeScript SDK's client (a devDependency, used only
 * here) against the emulator's `/mcp`, over its Streamable HTTP transport.
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { repositoryTools } from '../../../src/core/mcp/pagerduty-tools.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';

const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');

const emulators: Emulator[] = [];
beforeAll(realSockets);
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emulator) => emulator.close()));
});

async function connected(emulator: Emulator, key: string) {
  const transport = new StreamableHTTPClientTransport(new URL(`${emulator.url}/mcp`), {
    requestInit: { headers: { Authorization: `Token token=${key}` } },
  });
  const client = new Client({ name: 'sdk-interop-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

describe('the official MCP SDK client against the emulator', () => {
  it('connects, lists every tool page, acknowledges, runs slow_report with progress, ends the session', async () => {
    const emulator = await startEmulator({
      seedIncidents: 12,
      delay: async () => {},
      mcpWriteTools: true,
      mcpDemoTools: true,
    });
    emulators.push(emulator);
    const user = emulator.keys.users[0];
    const { client, transport } = await connected(emulator, user.key);

    expect(client.getServerVersion()).toMatchObject({ name: 'pagerduty-client-emulator' });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    expect(transport.sessionId).toEqual(expect.any(String));
    expect(transport.protocolVersion).toBe('2025-11-25');

    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor });
      names.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== undefined);
    expect(pages).toBe(5);
    expect(names).toEqual([...repositoryTools().map((tool) => tool.name), 'slow_report']);

    const incident = emulator.state.incidents.all().find((candidate) => candidate.status === 'triggered')!;
    const acknowledged = await client.callTool({
      name: 'manage_incidents',
      arguments: { manage_request: { incident_ids: [incident.id], status: 'acknowledged' } },
    });
    expect(acknowledged.isError).toBeFalsy();
    expect(acknowledged.structuredContent).toMatchObject({ response: [{ id: incident.id, status: 'acknowledged' }] });
    expect(emulator.state.incidents.get(incident.id)!.acknowledgements.at(-1)?.acknowledger.id).toBe(user.userId);

    const progress: { progress: number; total?: number }[] = [];
    const report = await client.callTool({ name: 'slow_report', arguments: { steps: 3, intervalMs: 10 } }, undefined, {
      onprogress: ({ progress: step, total }) => progress.push({ progress: step, total }),
    });
    expect(progress).toEqual([1, 2, 3].map((step) => ({ progress: step, total: 3 })));
    expect(report.structuredContent).toMatchObject({ report: { steps: 3 } });

    const sessionId = transport.sessionId!;
    await transport.terminateSession();
    await client.close();
    const after = await fetch(`${emulator.url}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Token token=${user.key}`,
        'Mcp-Session-Id': sessionId,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(after.status).toBe(404);
    const calls = emulator.requests.filter((record) => record.path === '/mcp');
    expect(calls.map((record) => record.rpcMethod ?? record.method)).toEqual(
      expect.arrayContaining(['initialize', 'notifications/initialized', 'tools/list', 'tools/call', 'DELETE']),
    );
    // Sent with the negotiated version header on every request after initialize: none was refused.
    expect(calls.filter((record) => record.status === 400)).toEqual([]);
  });

  it('gets an unknown tool as an error, and a tool failure as isError', async () => {
    const emulator = await startEmulator({ delay: async () => {} });
    emulators.push(emulator);
    const { client } = await connected(emulator, emulator.keys.users[1].key);

    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/no_such_tool/);
    const missing = await client.callTool({ name: 'get_incident', arguments: { incident_id: 'PMISSING' } });
    expect(missing).toMatchObject({
      isError: true,
      content: [
        {
          type: 'text',
          text: expect.stringMatching(/^Error executing tool get_incident: GET \/incidents\/PMISSING: .*\(404\)/),
        },
      ],
    });
    await client.close();
  });

  it('cancels slow_report through an AbortSignal: the emulator stops the tool', async () => {
    const waits: AbortSignal[] = [];
    let stepStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      stepStarted = resolve;
    });
    // Each wait lasts until the call is cancelled: the tool can only end by cancellation.
    const delay = (_milliseconds: number, signal?: AbortSignal) =>
      new Promise<void>((resolve) => {
        waits.push(signal!);
        signal!.addEventListener('abort', () => resolve(), { once: true });
        stepStarted();
      });
    const emulator = await startEmulator({ delay, mcpDemoTools: true });
    emulators.push(emulator);
    const { client } = await connected(emulator, emulator.keys.users[0].key);

    const abort = new AbortController();
    const call = client.callTool({ name: 'slow_report', arguments: { steps: 5 } }, undefined, { signal: abort.signal });
    await started;
    abort.abort('the user changed their mind');
    await expect(call).rejects.toThrow();
    await new Promise<void>((resolve) => {
      if (waits[0].aborted) resolve();
      else waits[0].addEventListener('abort', () => resolve(), { once: true });
    });
    expect(waits).toHaveLength(1);
    expect(waits[0].aborted).toBe(true);
    await client.close();
  });
});
