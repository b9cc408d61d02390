import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from 'pagerduty-client/emulator';
import { main } from '../../examples/service-with-app-token.js';
import { instantRetries, realSockets } from '../helpers/test-kit.js';

let emulator: Emulator;
let clock = Date.parse('2030-01-01T00:00:00Z');

beforeAll(async () => {
  realSockets();
  emulator = await startEmulator({ seedIncidents: 12, tokenLifetime: 2, now: () => new Date(clock) });
});
afterAll(() => emulator.close());

describe('examples/service-with-app-token', () => {
  it('counts triggered incidents through three token lifetimes: every call succeeds, one token each', async () => {
    const lines: string[] = [];
    const app = emulator.oauthClients.find((client) => client.clientSecret !== undefined)!;
    const report = await main({
      clientId: app.clientId,
      clientSecret: app.clientSecret!,
      scope: 'as_account-us.emulator incidents.read',
      identityUrl: emulator.identityUrl,
      baseUrl: emulator.url,
      rounds: 12,
      clientOptions: instantRetries,
      // The emulator's clock moves instead of a timer: half a second a round.
      now: () => clock,
      wait: async (milliseconds) => void (clock += milliseconds),
      print: (line) => lines.push(line),
    });
    const triggered = emulator.state.incidents.all().filter((incident) => incident.status === 'triggered').length;
    expect(report).toEqual({ succeeded: 12, failed: 0 });
    expect(lines[0]).toBe(`round 1: triggered incidents: ${triggered} (token good for 2.0 s more)`);
    expect(lines.at(-1)).toBe('12 calls succeeded, 0 failed');
    expect(emulator.requests.filter((request) => request.path === '/oauth/token')).toHaveLength(3);
    // Renewed ahead of each expiry: the API never refused a token.
    expect(emulator.requests.filter((request) => request.status === 401)).toEqual([]);
  });
});
