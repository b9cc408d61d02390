// Issue 29: from 5.0.0 a session wraps as its pdpyras release's own wrapper table (then its inference) where it
// differs from the description's (pdpyras-tables cases at 5.0.0, 5.0.4, 5.4.1); 4.5.2
// keeps pdpyras 4.x's URL-node rule on the same URLs.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import type { PdpyrasVersion } from '../../src/legacy/pdpyras-releases.js';
import { BASE, makeSession, type Seen } from './helpers.js';

/** Answers one request with `reply`, recording its path and body. */
function answer(method: 'GET' | 'POST' | 'PUT', path: string, reply: unknown, seen: Seen[]): void {
  nock(BASE)
    .intercept(path, method)
    .reply(function (uri, body) {
      seen.push({ path: uri, body: body === '' ? undefined : body });
      return [200, reply];
    });
}

const FIVE: PdpyrasVersion[] = ['5.0.0', '5.0.4', '5.4.1'];

describe('pdpyras 5.x wrapper rows', () => {
  it.each(FIVE)('%s: rget of /analytics/raw/incidents/{id}/responses returns the whole body', async (compat) => {
    const body = { responses: [{ id: 'R1' }], incident_id: 'PI1' };
    answer('GET', '/analytics/raw/incidents/PI1/responses', body, []);
    await expect(makeSession(compat).rget('/analytics/raw/incidents/PI1/responses')).resolves.toEqual(body);
  });

  it.each(FIVE)('%s: rget of /business_services/priority_thresholds returns the whole body', async (compat) => {
    const body = { global_threshold: { id: 'P1' } };
    answer('GET', '/business_services/priority_thresholds', body, []);
    await expect(makeSession(compat).rget('/business_services/priority_thresholds')).resolves.toEqual(body);
  });

  it.each(FIVE)(
    '%s: rput of priority_thresholds stays wrapped (the API refuses it bare) and returns the whole reply',
    async (compat) => {
      const seen: Seen[] = [];
      const body = { global_threshold: { order: 1 } };
      answer('PUT', '/business_services/priority_thresholds', body, seen);
      await expect(
        makeSession(compat).rput('/business_services/priority_thresholds', { json: { order: 1 } }),
      ).resolves.toEqual(body);
      expect(seen[0].body).toEqual({ global_threshold: { order: 1 } });
    },
  );

  it.each(FIVE)('%s: rpost of /change_events sends the body as given and returns the whole reply', async (compat) => {
    const seen: Seen[] = [];
    const reply = { status: 'success', message: 'Change event processed' };
    answer('POST', '/change_events', reply, seen);
    const event = { routing_key: 'R', payload: { summary: 's', source: 'x' } };
    await expect(makeSession(compat).rpost('/change_events', { json: event })).resolves.toEqual(reply);
    expect(seen[0].body).toEqual(event);
  });

  it.each(
    FIVE.flatMap((compat) => [
      [compat, '/rulesets/PR1/rules/PRU1'],
      [compat, '/services/PS1/rules/PRU1'],
    ]),
  )('%s: rput of %s wraps in "rule"', async (compat, path) => {
    const seen: Seen[] = [];
    answer('PUT', path, { rule: { id: 'PRU1', disabled: true } }, seen);
    await expect(makeSession(compat as PdpyrasVersion).rput(path, { json: { disabled: true } })).resolves.toEqual({
      id: 'PRU1',
      disabled: true,
    });
    expect(seen[0].body).toEqual({ rule: { disabled: true } });
  });
});

describe('below 5.0.0 the URL-node rule decides the same URLs (4.5.2)', () => {
  it('rpost of /change_events wraps in the singular of the last node', async () => {
    const seen: Seen[] = [];
    answer('POST', '/change_events', { change_event: { id: 'C1' } }, seen);
    await expect(makeSession('4.5.2').rpost('/change_events', { json: { summary: 's' } })).resolves.toEqual({
      id: 'C1',
    });
    expect(seen[0].body).toEqual({ change_event: { summary: 's' } });
  });

  it('rget of /business_services/priority_thresholds unwraps "business_service" (two nodes: a resource)', async () => {
    answer('GET', '/business_services/priority_thresholds', { business_service: { id: 'P1' } }, []);
    await expect(makeSession('4.5.2').rget('/business_services/priority_thresholds')).resolves.toEqual({ id: 'P1' });
  });
});

describe('the core client keeps the description tables', () => {
  it('rpost of /change_events at the default policy is not a legacy row', async () => {
    const { DEFAULT_REST_POLICY } = await import('../../src/core/rest/endpoints/policy.js');
    expect(DEFAULT_REST_POLICY.wrapperOverrides).toEqual({});
  });
});

describe('each release table at both sides of the 5.0.0 gate', () => {
  it.each(FIVE)(
    '%s: rget of /analytics/raw/incidents returns the whole body (the release row is None)',
    async (compat) => {
      const body = { incidents: [{ id: 'PI1' }], more: false };
      answer('GET', '/analytics/raw/incidents', body, []);
      await expect(makeSession(compat).rget('/analytics/raw/incidents')).resolves.toEqual(body);
    },
  );

  it('4.5.2: rget of /analytics/raw/incidents unwraps the last node', async () => {
    answer('GET', '/analytics/raw/incidents', { incidents: [{ id: 'PI1' }], more: false }, []);
    await expect(makeSession('4.5.2').rget('/analytics/raw/incidents')).resolves.toEqual([{ id: 'PI1' }]);
  });

  it.each(FIVE)(
    '%s: rput of /teams/{id}/escalation_policies/{id} sends the body as given (the release row is None)',
    async (compat) => {
      const seen: Seen[] = [];
      answer('PUT', '/teams/PT1/escalation_policies/PE1', { ok: true }, seen);
      await expect(makeSession(compat).rput('/teams/PT1/escalation_policies/PE1', { json: { a: 1 } })).resolves.toEqual(
        { ok: true },
      );
      expect(seen[0].body).toEqual({ a: 1 });
    },
  );

  it('4.5.2: rput of /teams/{id}/escalation_policies/{id} wraps in the singular of the node before an id', async () => {
    const seen: Seen[] = [];
    answer('PUT', '/teams/PT1/escalation_policies/PE1', { escalation_policy: { id: 'PE1' } }, seen);
    await expect(makeSession('4.5.2').rput('/teams/PT1/escalation_policies/PE1', { json: { a: 1 } })).resolves.toEqual({
      id: 'PE1',
    });
    expect(seen[0].body).toEqual({ escalation_policy: { a: 1 } });
  });

  it.each(FIVE)(
    '%s: exception: rpost of /event_orchestrations wraps in "orchestration" as the API takes (pdpyras: plural)',
    async (compat) => {
      const seen: Seen[] = [];
      answer('POST', '/event_orchestrations', { orchestration: { id: 'PO1' } }, seen);
      await expect(makeSession(compat).rpost('/event_orchestrations', { json: { name: 'n' } })).resolves.toEqual({
        id: 'PO1',
      });
      expect(seen[0].body).toEqual({ orchestration: { name: 'n' } });
    },
  );

  it.each(FIVE)('%s: a URL no pdpyras release knows uses the description tables', async (compat) => {
    answer('GET', '/alert_grouping_settings/PA1', { alert_grouping_setting: { id: 'PA1' } }, []);
    await expect(makeSession(compat).rget('/alert_grouping_settings/PA1')).resolves.toEqual({ id: 'PA1' });
  });
});
