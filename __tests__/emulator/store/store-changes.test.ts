import { describe, expect, it } from '@jest/globals';
import { addNote, changeStatus, createIncident } from '../../../src/emulator/store/incident-lifecycle.js';
import type { StoreChange } from '../../../src/emulator/store/store-changes.js';
import { FIXED_NOW, seededStore } from '../seeded-store.js';

describe('store changes', () => {
  it('announces a trigger, an acknowledgement, a note and a resolution, each as it happens', () => {
    const { store } = seededStore({ seedIncidents: 0 });
    const seen: [string, string, string][] = [];
    store.onChange((change: StoreChange) => {
      if (change.kind === 'incident') seen.push([change.type, change.incident.status, change.agent.id]);
    });
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
    addNote(store, incident, user, 'on it', FIXED_NOW);
    changeStatus(store, incident, 'resolved', store.ref(user), FIXED_NOW);
    changeStatus(store, incident, 'resolved', store.ref(user), FIXED_NOW); // no change, no announcement
    expect(seen).toEqual([
      ['incident.triggered', 'triggered', service.id],
      ['incident.acknowledged', 'acknowledged', user.id],
      ['incident.annotated', 'acknowledged', user.id],
      ['incident.resolved', 'resolved', user.id],
    ]);
  });

  it('hands the note to the listener, and stops announcing once the listener is removed', () => {
    const { store } = seededStore({ seedIncidents: 0 });
    const changes: StoreChange[] = [];
    const stop = store.onChange((change) => changes.push(change));
    const service = store.services.all()[0];
    const incident = createIncident(store, {
      service,
      title: 'X',
      incidentKey: 'k',
      at: FIXED_NOW,
      agent: store.ref(service),
      channel: 'api',
    });
    const entry = addNote(store, incident, store.users.all()[0], 'hello', FIXED_NOW);
    expect(changes[1]).toMatchObject({
      kind: 'incident',
      type: 'incident.annotated',
      note: { id: entry.id, content: 'hello' },
      at: FIXED_NOW,
    });
    stop();
    changeStatus(store, incident, 'resolved', store.ref(service), FIXED_NOW);
    expect(changes).toHaveLength(2);
  });
});
