/** `mcpWriteTools`: the write tools are off by default, as on PagerDuty's server without `--enable-write-tools`. */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';
import { openSession, post, request } from './mcp-wire.js';

interface Tool {
  name: string;
  annotations: { readOnlyHint: boolean };
}

async function allTools(emulator: Emulator, key: string, session: string): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const reply = await post(emulator, request(1, 'tools/list', cursor === undefined ? {} : { cursor }), {
      key,
      session,
    });
    const page = (reply.body as { result: { tools: Tool[]; nextCursor?: string } }).result;
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

describe('the emulator’s mcpWriteTools option', () => {
  let emulator: Emulator | undefined;
  beforeAll(() => realSockets());
  afterEach(async () => {
    await emulator?.close();
  });

  it('lists only read tools by default, and a write tool call is an unknown tool that changes nothing', async () => {
    emulator = await startEmulator({ seedIncidents: 6 });
    expect(emulator.mcpWriteTools).toBe(false);
    const key = emulator.keys.users[0].key;
    const session = await openSession(emulator, key);
    const tools = await allTools(emulator, key, session);
    expect(tools.map((tool) => tool.name)).not.toContain('acknowledge_incident');
    expect(tools.every((tool) => tool.annotations.readOnlyHint)).toBe(true);
    const incident = emulator.state.incidents.all().find((candidate) => candidate.status === 'triggered')!;
    const reply = await post(
      emulator,
      request(2, 'tools/call', { name: 'acknowledge_incident', arguments: { id: incident.id } }),
      { key, session },
    );
    expect((reply.body as { error: { code: number } }).error.code).toBe(-32602);
    expect(emulator.state.incidents.get(incident.id)?.status).toBe('triggered');
  });

  it('lists and runs the write tools when on', async () => {
    emulator = await startEmulator({ seedIncidents: 6, mcpWriteTools: true });
    const key = emulator.keys.users[0].key;
    const session = await openSession(emulator, key);
    const names = (await allTools(emulator, key, session)).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['acknowledge_incident', 'resolve_incident']));
    const incident = emulator.state.incidents.all().find((candidate) => candidate.status === 'triggered')!;
    await post(emulator, request(2, 'tools/call', { name: 'acknowledge_incident', arguments: { id: incident.id } }), {
      key,
      session,
    });
    expect(emulator.state.incidents.get(incident.id)?.status).toBe('acknowledged');
  });
});
