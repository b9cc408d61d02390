import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from 'pagerduty-client/emulator';
import { main } from '../../examples/mcp-agent-session.js';
import { instantRetries, realSockets } from '../helpers/test-kit.js';

const emulators: Emulator[] = [];
beforeAll(realSockets);
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emulator) => emulator.close()));
});

async function emulator(): Promise<Emulator> {
  // slow_report's steps do not wait in tests.
  const started = await startEmulator({
    seedIncidents: 30,
    delay: async () => {},
    mcpWriteTools: true,
    mcpDemoTools: true,
  });
  emulators.push(started);
  return started;
}

const triggeredIds = (emulator: Emulator): string[] =>
  emulator.state.incidents
    .all()
    .filter((incident) => incident.status === 'triggered')
    .map((incident) => incident.id);

describe('examples/mcp-agent-session', () => {
  it("lists tools, acknowledges the first triggered incidents as the key's user, a call each, reports", async () => {
    const server = await emulator();
    const triggered = triggeredIds(server);
    expect(triggered.length).toBeGreaterThan(2);
    const user = server.keys.users[1];
    const lines: string[] = [];

    const outcome = await main({
      apiKey: user.key,
      baseUrl: server.url,
      limit: 2,
      print: (line) => lines.push(line),
      clientOptions: instantRetries,
    });

    expect(outcome.tools).toEqual(expect.arrayContaining(['list_incidents', 'manage_incidents', 'slow_report']));
    expect(outcome.tools).toHaveLength(104);
    expect(outcome.acknowledged).toEqual(triggered.slice(0, 2));
    for (const id of outcome.acknowledged) {
      expect(server.state.incidents.get(id)).toMatchObject({
        status: 'acknowledged',
        acknowledgements: [{ acknowledger: { id: user.userId } }],
      });
    }
    expect(server.state.incidents.get(triggered[2])!.status).toBe('triggered');
    expect(server.requests.filter((record) => record.tool === 'manage_incidents')).toHaveLength(2);
    expect(outcome.report).toEqual({
      incidents: expect.objectContaining({ triggered: triggered.length - 2 }),
      steps: 3,
    });
    expect(lines[0]).toMatch(/^connected: MCP 2025-11-25, session \S+$/);
    expect(lines.filter((line) => line.startsWith('progress '))).toEqual([
      'progress 1/3',
      'progress 2/3',
      'progress 3/3',
    ]);
  });

  it('acts as the From user with an account-level key', async () => {
    const server = await emulator();
    const [first] = triggeredIds(server);
    const responder = server.keys.users[3];

    await main({
      apiKey: server.keys.account,
      from: responder.email,
      baseUrl: server.url,
      limit: 1,
      print: () => {},
      clientOptions: instantRetries,
    });

    expect(server.state.incidents.get(first)!.acknowledgements.at(-1)?.acknowledger.id).toBe(responder.userId);
  });

  it('reports tool errors and changes nothing when an account-level key comes without From', async () => {
    const server = await emulator();
    const before = triggeredIds(server);
    const lines: string[] = [];

    const outcome = await main({
      apiKey: server.keys.account,
      baseUrl: server.url,
      limit: 2,
      print: (line) => lines.push(line),
      clientOptions: instantRetries,
    });

    expect(outcome.acknowledged).toEqual([]);
    expect(lines.filter((line) => line.startsWith('could not acknowledge'))).toHaveLength(2);
    expect(triggeredIds(server)).toEqual(before);
  });
});
