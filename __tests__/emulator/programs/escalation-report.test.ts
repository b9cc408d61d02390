/**
 * A program of the kind users write, through the REST client on the bare emulator: an
 * on-call report of who was paged for what and how often incidents escalated. It sets up a
 * two-level escalation policy and its responders' notification rules over the API, lets
 * incidents come in through the Events API, lets time pass (the admin surface's clock, as a
 * test in another process would), then reads only the REST API: escalations from the
 * `escalate_log_entry` entries, pages from the `notify_log_entry` entries.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { makeClient, realSockets } from '../../helpers/test-kit.js';

beforeAll(realSockets);

interface LogEntryItem {
  type: string;
  incident: { id: string };
  user?: { id: string };
  channel: { type: string; notification?: { type: string } };
}

/** The report: per user, how many pages by which kind; and how many incidents escalated. */
async function onCallReport(client: RestApiV2Client, since: string, until: string) {
  const entries = await client.listAll<LogEntryItem>('/log_entries', { since, until, is_overview: false });
  const pages = new Map<string, Record<string, number>>();
  for (const entry of entries.filter((candidate) => candidate.type === 'notify_log_entry')) {
    const byKind = pages.get(entry.user!.id) ?? {};
    const kind = entry.channel.notification!.type;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    pages.set(entry.user!.id, byKind);
  }
  const escalated = new Set(
    entries.filter((entry) => entry.type === 'escalate_log_entry').map((entry) => entry.incident.id),
  );
  return { pages: Object.fromEntries(pages), escalated: escalated.size };
}

describe('the on-call escalation report against the emulator', () => {
  const start = new Date('2024-05-06T08:00:00Z');
  let emulator: Emulator;
  let client: RestApiV2Client;
  beforeAll(async () => {
    emulator = await startEmulator({ seedUsers: 2, seedServices: 1, seedIncidents: 0, now: () => start });
    client = makeClient({ baseUrl: emulator.url, defaultFrom: emulator.keys.users[0]!.email }, emulator.keys.account);
  });
  afterAll(async () => {
    client.close();
    await emulator.close();
  });

  it('counts the pages each responder got and the incidents that escalated', async () => {
    const [primary, backup] = emulator.state.users.all().map((user) => ({ id: user.id, email: user.email }));
    const policyId = emulator.state.services.all()[0]!.escalation_policy.id;
    await client.rput(`/escalation_policies/${policyId}`, {
      json: {
        type: 'escalation_policy',
        name: 'Primary then backup',
        num_loops: 0,
        escalation_rules: [
          { escalation_delay_in_minutes: 15, targets: [{ id: primary!.id, type: 'user_reference' }] },
          { escalation_delay_in_minutes: 15, targets: [{ id: backup!.id, type: 'user_reference' }] },
        ],
      },
    });
    for (const user of [primary!, backup!]) {
      const push = await client.rpost<{ id: string }>(`/users/${user.id}/contact_methods`, {
        json: { type: 'sms_contact_method', label: 'Mobile', address: '5550199', country_code: 1 },
      });
      for (const delay of [0, 5])
        await client.rpost(`/users/${user.id}/notification_rules`, {
          json: {
            type: 'assignment_notification_rule',
            start_delay_in_minutes: delay,
            urgency: 'high',
            contact_method: { id: push.id, type: 'sms_contact_method_reference' },
          },
        });
    }
    const routingKey = emulator.keys.routing[0]!.routingKey;
    const send = (action: string, dedup: string) =>
      fetch(`${emulator.eventsUrl}/v2/enqueue`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          routing_key: routingKey,
          event_action: action,
          dedup_key: dedup,
          payload: { summary: `Disk ${dedup}`, source: 'db', severity: 'critical' },
        }),
      });
    // Three incidents: one acknowledged at once, one after 10 minutes, one never.
    for (const dedup of ['a', 'b', 'c']) expect((await send('trigger', dedup)).status).toBe(202);
    await send('acknowledge', 'a');
    const clock = (seconds: number) =>
      fetch(`${emulator.url}/_emulator/clock`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ advance_seconds: seconds }),
      });
    await clock(600);
    await send('acknowledge', 'b');
    await clock(3600);

    const report = await onCallReport(
      client,
      start.toISOString(),
      new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    );
    // a: paged once (ack'd at once); b: twice (0 and 5 min); c: twice, then escalated to the
    // backup at 15 min, who is paged twice too.
    expect(report.pages).toEqual({
      [primary!.id]: { sms_notification: 5 },
      [backup!.id]: { sms_notification: 2 },
    });
    expect(report.escalated).toBe(1);
  });
});
