/**
 * Test helpers: the REST commands run in-process against an emulator that holds a known
 * user (me@example.com, with a user-scoped key), a service whose policy pages them, and
 * two triggered incidents, in a temporary home (no profile file of the machine is read).
 */
import nodeFetch from 'node-fetch';
import type { FetchLike } from '../../../src/core/transport/transport.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { temporaryHome, type TemporaryHome } from '../profiles/profile-home.js';
import { runCli, type RunResult } from '../cli-harness.js';

export const ME = { id: 'PUSERME', name: 'Me Myself', email: 'me@example.com', apiKey: 'u+rest-user-key-000000' };
export const ANN = { id: 'PUSERAN', name: 'Ann Other', email: 'ann@example.com', apiKey: 'u+rest-ann-key-0000000' };
export const SERVICE = { id: 'PSVCDOC', name: 'Docs Service' };
export const INCIDENTS = [
  { id: 'PINC001', serviceId: SERVICE.id, title: 'Disk full on db01' },
  { id: 'PINC002', serviceId: SERVICE.id, title: 'CPU "hot", db02' },
];

/** A running emulator with the fixtures, a home, and `pd` to run the program against them. */
export interface RestEmulator extends AsyncDisposable {
  readonly emulator: Emulator;
  readonly home: TemporaryHome;
  /** Every request the program sent, in order: method, URL and body. */
  readonly sent: { method: string; url: string; body: unknown }[];
  /** Runs `pagerduty <args>` with my user key (`as: 'account'`: the account-level key). */
  pd(args: string[], options?: { as?: 'user' | 'account'; env?: Record<string, string> }): Promise<RunResult>;
}

export async function restEmulator(): Promise<RestEmulator> {
  const emulator = await startEmulator({ seedUsers: 3 });
  emulator.addFixtures({
    users: [ME, ANN],
    services: [{ ...SERVICE, responderId: ME.id }],
    incidents: INCIDENTS,
  });
  const home = await temporaryHome();
  const sent: RestEmulator['sent'] = [];
  const fetch = ((url: string, init: { method?: string; body?: unknown } = {}) => {
    const body = typeof init.body === 'string' && init.body !== '' ? JSON.parse(init.body) : undefined;
    sent.push({ method: init.method ?? 'GET', url: String(url), body });
    return nodeFetch(url, init as never);
  }) as unknown as FetchLike;
  return {
    emulator,
    home,
    sent,
    pd: (args, options = {}) =>
      runCli(
        args,
        {
          ...home.env,
          PAGERDUTY_BASE_URL: emulator.url,
          PAGERDUTY_API_KEY: options.as === 'account' ? emulator.keys.account : ME.apiKey,
          ...options.env,
        },
        { fetch },
      ),
    [Symbol.asyncDispose]: async () => {
      await emulator.close();
      await home[Symbol.asyncDispose]();
    },
  };
}

/** The rows of a CSV output (no quoted commas in the fields asked for). */
export function csvRows(stdout: string): string[][] {
  return stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split(','));
}
