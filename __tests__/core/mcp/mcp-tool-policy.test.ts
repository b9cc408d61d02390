/**
 * McpApiClient's tool policy against the emulator: an allowed call is sent; one denied by tool, denied by
 * action, refused by the dry run or by the confirmation sends no tools/call at all and throws the typed error.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { McpApiClient, McpToolRefusedError, type McpToolPolicy } from '../../../src/index.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { instantRetries, realSockets } from '../../helpers/test-kit.js';

let emulator: Emulator;
beforeAll(async () => {
  realSockets();
  emulator = await startEmulator({
    seedIncidents: 6,
    mcpWriteTools: true,
    mcpToolSet: 'hosted',
    delay: async () => {},
  });
});
afterAll(async () => {
  await emulator.close();
});

function client(toolPolicy: McpToolPolicy): McpApiClient {
  return new McpApiClient(emulator.keys.users[0].key, { ...instantRetries, baseUrl: emulator.url, toolPolicy });
}
const toolCalls = () => emulator.requests.filter((record) => record.rpcMethod === 'tools/call');
const triggered = () => emulator.state.incidents.all().find((incident) => incident.status === 'triggered')!;
const acknowledge = (id: string) => ({
  action: 'manage_incidents',
  manage_request: { incident_ids: [id], status: 'acknowledged' },
});

describe('the tool policy of McpApiClient', () => {
  it('sends an allowed call', async () => {
    await using mcp = client({ allow: ['browse_incidents'] });
    const result = await mcp.callTool('browse_incidents', { action: 'list_incidents', limit: 1 });
    expect(result.isError).toBeUndefined();
  });

  it('refuses a tool it denies, sending nothing', async () => {
    await using mcp = client({ deny: ['manage_incidents'] });
    emulator.clearRequests();
    const error = await mcp.callTool('manage_incidents', acknowledge(triggered().id)).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(McpToolRefusedError);
    expect(error).toMatchObject({ rule: 'deny', matched: { tool: 'manage_incidents' }, tool: 'manage_incidents' });
    expect(emulator.requests).toEqual([]);
  });

  it('refuses an action the allow list leaves out, and sends one it names', async () => {
    const incident = triggered();
    await using mcp = client({
      allow: ['browse_incidents', { tool: 'manage_incidents', actions: ['add_note_to_incident'] }],
    });
    emulator.clearRequests();
    const error = await mcp.callTool('manage_incidents', acknowledge(incident.id)).catch((err: unknown) => err);
    expect(error).toMatchObject({ rule: 'allow', action: 'manage_incidents' });
    expect(emulator.requests).toEqual([]);
    expect(emulator.state.incidents.get(incident.id)!.status).toBe('triggered');
    const noted = await mcp.callTool('manage_incidents', {
      action: 'add_note_to_incident',
      incident_id: incident.id,
      note: 'seen',
    });
    expect(noted.isError).toBeUndefined();
    expect(toolCalls()).toHaveLength(1);
  });

  it('refuses writes in a dry run (after listing the tools to learn which write), and sends reads', async () => {
    await using mcp = client({ dryRun: true });
    emulator.clearRequests();
    const error = await mcp.callTool('manage_incidents', acknowledge(triggered().id)).catch((err: unknown) => err);
    expect(error).toMatchObject({ rule: 'dryRun' });
    expect(toolCalls()).toEqual([]);
    expect(emulator.requests.map((record) => record.rpcMethod)).toContain('tools/list');
    const read = await mcp.callTool('browse_incidents', { action: 'list_incidents', limit: 1 });
    expect(read.isError).toBeUndefined();
    expect(toolCalls()).toHaveLength(1);
  });

  it('asks confirm before a write, with the call; a refusal sends nothing, a yes sends it', async () => {
    const incident = triggered();
    const asked: unknown[] = [];
    let answer = false;
    await using mcp = client({
      confirm: (call) => {
        asked.push(call);
        return answer;
      },
    });
    await mcp.listTools();
    emulator.clearRequests();
    const error = await mcp.callTool('manage_incidents', acknowledge(incident.id)).catch((err: unknown) => err);
    expect(error).toMatchObject({ rule: 'confirm' });
    expect(emulator.requests).toEqual([]);
    expect(asked).toEqual([
      { name: 'manage_incidents', action: 'manage_incidents', arguments: acknowledge(incident.id), readOnly: false },
    ]);
    await mcp.callTool('browse_incidents', { action: 'list_incidents', limit: 1 }); // a read: not asked
    expect(asked).toHaveLength(1);
    answer = true;
    await mcp.callTool('manage_incidents', acknowledge(incident.id));
    expect(emulator.state.incidents.get(incident.id)!.status).toBe('acknowledged');
  });

  it('refuses a malformed policy at construction', () => {
    expect(() => client({ allow: 'everything' } as never)).toThrow(TypeError);
  });
});
