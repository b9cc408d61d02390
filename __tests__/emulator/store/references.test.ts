import { describe, expect, it } from '@jest/globals';
import { reference } from '../../../src/emulator/store/references.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { call } from '../raw-http.js';

describe('references', () => {
  it('carry the resource id, summary, self and html_url, typed <type>_reference', () => {
    const user = {
      id: 'PADA001',
      type: 'user',
      summary: 'Ada',
      self: 'http://127.0.0.1:9/users/PADA001',
      html_url: 'https://emulator.pagerduty.invalid/users/PADA001',
    };
    expect(reference(user)).toEqual({ ...user, type: 'user_reference' });
  });

  it('have html_url on the wire wherever an incident points at something', async () => {
    await using emulator = await startEmulator({ seedIncidents: 3 });
    const reply = await call(emulator, 'GET', '/incidents?limit=1', { key: emulator.keys.account });
    const [incident] = (reply.body as { incidents: Record<string, unknown>[] }).incidents;
    const state = emulator.state.incidents.all()[0];
    const web = (collection: string, id: string) => `https://emulator.pagerduty.invalid/${collection}/${id}`;
    expect(incident.html_url).toBe(web('incidents', state.id));
    expect(incident.service).toMatchObject({ type: 'service_reference', html_url: web('services', state.service.id) });
    expect(incident.escalation_policy).toMatchObject({
      html_url: web('escalation_policies', state.escalation_policy.id),
    });
    expect(incident.last_status_change_by).toMatchObject({
      html_url: expect.stringMatching(/^https:\/\/emulator\.pagerduty\.invalid\//),
    });
  });
});
