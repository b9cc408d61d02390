import { describe, expect, it } from '@jest/globals';
import {
  addNote,
  changeStatus,
  createIncident,
  firstResponder,
  notesOf,
  statusChangeError,
} from '../../../src/emulator/store/incident-lifecycle.js';
import { FIXED_NOW, seededStore } from '../seeded-store.js';

describe('incident lifecycle', () => {
  it('opens an incident assigned to the first target of the escalation policy, with a trigger log entry', () => {
    const { store } = seededStore({ seedIncidents: 0 });
    const service = store.services.all()[1];
    const before = store.logEntries.size;
    const incident = createIncident(store, {
      service,
      title: 'Broken',
      incidentKey: 'k1',
      at: FIXED_NOW,
      agent: store.ref(service),
      channel: 'api',
    });
    expect(incident).toMatchObject({
      status: 'triggered',
      incident_number: 1,
      summary: '[#1] Broken',
      incident_key: 'k1',
      service: { id: service.id },
    });
    expect(incident.assignments[0].assignee.id).toBe(firstResponder(store, service)?.id);
    expect(store.logEntries.size).toBe(before + 1);
    expect(store.logEntries.all().at(-1)).toMatchObject({ type: 'trigger_log_entry', incident: { id: incident.id } });
  });

  it('acknowledges, then resolves, logging each change and clearing assignments on resolution', () => {
    const { store } = seededStore({ seedIncidents: 0 });
    const service = store.services.all()[0];
    const user = store.users.all()[1];
    const incident = createIncident(store, {
      service,
      title: 'X',
      incidentKey: 'k',
      at: FIXED_NOW,
      agent: store.ref(service),
      channel: 'api',
    });
    changeStatus(store, incident, 'acknowledged', store.ref(user), FIXED_NOW);
    expect(incident.status).toBe('acknowledged');
    expect(incident.acknowledgements[0].acknowledger.id).toBe(user.id);
    changeStatus(store, incident, 'resolved', store.ref(user), FIXED_NOW);
    expect(incident).toMatchObject({
      status: 'resolved',
      assignments: [],
      resolved_at: FIXED_NOW.toISOString(),
      last_status_change_by: { id: user.id },
    });
    const types = store.logEntries
      .all()
      .filter((entry) => entry.incident.id === incident.id)
      .map((entry) => entry.type);
    expect(types).toEqual(['trigger_log_entry', 'acknowledge_log_entry', 'resolve_log_entry']);
  });

  it('refuses to acknowledge a resolved incident, and resolving twice changes nothing', () => {
    const { store } = seededStore({ seedIncidents: 0 });
    const service = store.services.all()[0];
    const incident = createIncident(store, {
      service,
      title: 'X',
      incidentKey: 'k',
      at: FIXED_NOW,
      agent: store.ref(service),
      channel: 'api',
    });
    expect(statusChangeError(incident, 'acknowledged')).toBeUndefined();
    changeStatus(store, incident, 'resolved', store.ref(service), FIXED_NOW);
    expect(statusChangeError(incident, 'acknowledged')).toMatch(/already resolved/);
    expect(statusChangeError(incident, 'resolved')).toBeUndefined();
    const entries = store.logEntries.size;
    changeStatus(store, incident, 'resolved', store.ref(service), FIXED_NOW);
    expect(store.logEntries.size).toBe(entries);
  });

  it('keeps notes as annotate_log_entry log entries', () => {
    const { store } = seededStore({ seedIncidents: 1 });
    const incident = store.incidents.all()[0];
    const user = store.users.all()[0];
    const entry = addNote(store, incident, user, 'Looking into it', FIXED_NOW);
    expect(entry).toMatchObject({
      type: 'annotate_log_entry',
      channel: { type: 'note', summary: 'Looking into it' },
      agent: { id: user.id },
    });
    expect(notesOf(store, incident.id)).toEqual([
      { id: entry.id, user: store.ref(user), content: 'Looking into it', created_at: FIXED_NOW.toISOString() },
    ]);
  });
});
