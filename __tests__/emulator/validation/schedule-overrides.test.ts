import { describe, expect, it } from '@jest/globals';
import { overlaps, validateOverride } from '../../../src/emulator/validation/schedule-overrides.js';

const ada = { id: 'PADA001', type: 'user_reference', summary: 'Ada', self: 'http://x/users/PADA001' };
const lookup = (id: string) => (id === ada.id ? ada : undefined);

describe('validateOverride', () => {
  it('accepts a valid override and answers with the full user reference', () => {
    expect(
      validateOverride(
        {
          start: '2024-01-01T00:00:00-04:00',
          end: '2024-01-02T00:00:00-04:00',
          user: { id: 'PADA001', type: 'user_reference' },
          time_zone: 'UTC',
        },
        lookup,
      ),
    ).toEqual({
      ok: true,
      value: { start: '2024-01-01T00:00:00-04:00', end: '2024-01-02T00:00:00-04:00', user: ada, time_zone: 'UTC' },
    });
  });

  it('refuses an end before its start', () => {
    expect(
      validateOverride({ start: '2024-01-02T00:00:00Z', end: '2024-01-01T00:00:00Z', user: { id: 'PADA001' } }, lookup),
    ).toEqual({
      ok: false,
      errors: ['end must be after start'],
    });
  });

  it('refuses unknown users, unreadable times and non-objects', () => {
    const outcome = validateOverride({ start: 'soon', end: '2024-01-01T00:00:00Z', user: { id: 'PNOBODY' } }, lookup);
    expect(outcome).toEqual({ ok: false, errors: ['start must be an ISO 8601 date-time', 'User PNOBODY not found'] });
    expect(validateOverride('x', lookup).ok).toBe(false);
  });
});

describe('overlaps', () => {
  const override = { id: 'Q1', start: '2024-01-01T10:00:00Z', end: '2024-01-01T12:00:00Z', user: ada };
  it('is true when the override and the window share time', () => {
    expect(overlaps(override, Date.parse('2024-01-01T11:00:00Z'), undefined)).toBe(true);
    expect(overlaps(override, Date.parse('2024-01-01T12:00:00Z'), undefined)).toBe(false);
    expect(overlaps(override, undefined, Date.parse('2024-01-01T10:00:00Z'))).toBe(false);
  });
});
