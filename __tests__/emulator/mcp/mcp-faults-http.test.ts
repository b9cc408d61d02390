/** Faults and latency reach `/mcp` as they reach the REST API: a faulted tool call is not run. */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';
import { openSession, post, request } from './mcp-wire.js';

const emulators: Emulator[] = [];
beforeAll(realSockets);
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emulator) => emulator.close()));
});

describe('faults on the MCP endpoint', () => {
  it('answers an injected 503 or dropped connection without running the tool', async () => {
    const waited: number[] = [];
    const emulator = await startEmulator({
      latency: 40,
      delay: async (milliseconds) => void waited.push(milliseconds),
      mcpWriteTools: true,
    });
    emulators.push(emulator);
    const key = emulator.keys.users[0].key;
    const session = await openSession(emulator, key);
    const incident = emulator.state.incidents.all().find((candidate) => candidate.status === 'triggered')!;
    const acknowledge = request(1, 'tools/call', {
      name: 'manage_incidents',
      arguments: { manage_request: { incident_ids: [incident.id], status: 'acknowledged' } },
    });

    emulator.faults = { serverError: { next: 1, status: 503 }, pathPrefix: '/mcp' };
    expect((await post(emulator, acknowledge, { key, session })).status).toBe(503);
    emulator.faults = { dropConnection: { next: 1 }, pathPrefix: '/mcp' };
    await expect(post(emulator, acknowledge, { key, session })).rejects.toThrow();
    expect(incident.status).toBe('triggered');
    expect(emulator.requests.slice(-2).map((record) => record.fault)).toEqual(['server-error', 'drop']);

    emulator.faults = {};
    expect((await post(emulator, acknowledge, { key, session })).status).toBe(200);
    expect(incident.status).toBe('acknowledged');
    expect(waited.length).toBe(emulator.requests.length); // every MCP request waited the latency, on the injected delay
    expect(new Set(waited)).toEqual(new Set([40]));
  });
});
