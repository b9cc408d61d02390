import { describe, expect, it } from '@jest/globals';
import { parseEscalationRules } from '../../../src/emulator/validation/escalation-rules.js';

const known: Record<string, { id: string; type: string; summary: string; self: string }> = {
  PUSER01: { id: 'PUSER01', type: 'user_reference', summary: 'Ada', self: 'http://x/users/PUSER01' },
  PSCHED1: { id: 'PSCHED1', type: 'schedule_reference', summary: 'On-call', self: 'http://x/schedules/PSCHED1' },
};
const lookup = (type: string, id: string) => (known[id] && known[id].type === type ? known[id] : undefined);
let counter = 0;
const newId = () => `PRULE${(counter += 1)}`;

describe('parseEscalationRules', () => {
  it('accepts user and schedule targets, filling in references and new rule ids', () => {
    const outcome = parseEscalationRules(
      [
        {
          escalation_delay_in_minutes: 10,
          targets: [
            { id: 'PUSER01', type: 'user_reference' },
            { id: 'PSCHED1', type: 'schedule_reference' },
          ],
        },
      ],
      lookup,
      newId,
    );
    expect(outcome.ok).toBe(true);
    if (outcome.ok) {
      expect(outcome.rules[0].id).toMatch(/^PRULE\d+$/);
      expect(outcome.rules[0].targets).toEqual([known.PUSER01, known.PSCHED1]);
    }
  });

  it('reports each problem by position', () => {
    const outcome = parseEscalationRules(
      [
        {
          id: 'R1',
          escalation_delay_in_minutes: 0,
          targets: [
            { id: 'PGHOST1', type: 'user_reference' },
            { id: 'PUSER01', type: 'team_reference' },
          ],
        },
        'x',
      ],
      lookup,
      newId,
    );
    expect(outcome).toEqual({
      ok: false,
      errors: [
        'escalation_rules[0].escalation_delay_in_minutes must be a whole number of minutes >= 1',
        'escalation_rules[0].targets[0] references a user that does not exist',
        'escalation_rules[0].targets[1].type must be user_reference or schedule_reference',
        'escalation_rules[1] must be an object',
      ],
    });
  });

  it('refuses an empty list', () => {
    expect(parseEscalationRules([], lookup, newId).ok).toBe(false);
  });
});
