import { describe, expect, it } from '@jest/globals';
import { parseIncidentUpdate } from '../../../src/emulator/validation/incident-updates.js';

describe('parseIncidentUpdate', () => {
  it('accepts a reference with a status, title or urgency', () => {
    expect(
      parseIncidentUpdate({ id: 'P1', type: 'incident_reference', status: 'acknowledged' }, 'incidents[0]'),
    ).toEqual({
      ok: true,
      update: { id: 'P1', status: 'acknowledged' },
    });
    expect(parseIncidentUpdate({ type: 'incident', title: 'New', urgency: 'low' }, 'incident', 'P2')).toEqual({
      ok: true,
      update: { id: 'P2', title: 'New', urgency: 'low' },
    });
  });

  it('refuses a missing id or type and a status it cannot set', () => {
    expect(parseIncidentUpdate({ status: 'triggered' }, 'incidents[3]')).toEqual({
      ok: false,
      errors: [
        'incidents[3].id is required',
        'incidents[3].type must be incident_reference or incident',
        'incidents[3].status must be acknowledged or resolved',
      ],
    });
    expect(parseIncidentUpdate(null, 'incidents[0]').ok).toBe(false);
  });
});
