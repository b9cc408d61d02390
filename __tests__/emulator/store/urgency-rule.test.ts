/**
 * The urgency a service's rule gives a new incident (the description's `IncidentUrgencyRule`,
 * `SupportHours`; severity-based urgency per PagerDuty's dynamic notifications), and the
 * checks of rule and support-hours bodies.
 */
import { describe, expect, it } from '@jest/globals';
import {
  inSupportHours,
  ruleUrgency,
  supportHoursProblems,
  urgencyRuleProblems,
  type SupportHours,
} from '../../../src/emulator/store/urgency-rule.js';
import { readSortBy, sortItems } from '../../../src/emulator/queries/sort-by.js';
import { replyOf } from '../../helpers/test-kit.js';

const hours: SupportHours = {
  type: 'fixed_time_per_day',
  time_zone: 'Europe/Berlin',
  days_of_week: [1, 2, 3, 4, 5],
  start_time: '09:00:00',
  end_time: '17:00:00',
};

describe('urgency rules', () => {
  it('are inside support hours on their days, from start (inclusive) to end (exclusive), on their clock', () => {
    expect(inSupportHours(hours, Date.parse('2024-07-01T07:00:00Z'))).toBe(true); // Monday 09:00 CEST
    expect(inSupportHours(hours, Date.parse('2024-07-01T06:59:59Z'))).toBe(false);
    expect(inSupportHours(hours, Date.parse('2024-07-01T15:00:00Z'))).toBe(false); // 17:00
    expect(inSupportHours(hours, Date.parse('2024-07-06T10:00:00Z'))).toBe(false); // Saturday
  });

  it('give the constant urgency, the severity’s, or the one of support hours', () => {
    expect(ruleUrgency({ type: 'constant', urgency: 'low' }, undefined, 0)).toBe('low');
    expect(ruleUrgency({ type: 'constant', urgency: 'severity_based' }, undefined, 0, 'warning')).toBe('low');
    expect(ruleUrgency({ type: 'constant', urgency: 'severity_based' }, undefined, 0, 'error')).toBe('high');
    const rule = {
      type: 'use_support_hours' as const,
      during_support_hours: { type: 'constant' as const, urgency: 'high' as const },
      outside_support_hours: { type: 'constant' as const, urgency: 'low' as const },
    };
    expect(ruleUrgency(rule, hours, Date.parse('2024-07-01T08:00:00Z'))).toBe('high');
    expect(ruleUrgency(rule, hours, Date.parse('2024-07-01T20:00:00Z'))).toBe('low');
  });

  it('refuse malformed rules and support hours, and support hours missing for use_support_hours', () => {
    expect(urgencyRuleProblems({ type: 'constant', urgency: 'urgent' }, undefined)).toHaveLength(1);
    expect(
      urgencyRuleProblems(
        {
          type: 'use_support_hours',
          during_support_hours: { type: 'constant', urgency: 'high' },
          outside_support_hours: { type: 'constant', urgency: 'low' },
        },
        undefined,
      ),
    ).toEqual(['service.support_hours must be set to use support hours']);
    expect(supportHoursProblems({ ...hours, days_of_week: [0], start_time: '9:00' })).toEqual([
      'service.support_hours.days_of_week must be weekdays from 1 (Monday) to 7',
      'service.support_hours.start_time must be HH:MM:SS',
    ]);
    expect(supportHoursProblems({ ...hours, start_time: '18:00:00' })).toEqual([
      'service.support_hours.start_time must be before end_time',
    ]);
    expect(supportHoursProblems(hours)).toEqual([]);
  });
});

describe('sort_by', () => {
  const items = [{ name: 'b' }, { name: 'A' }, { name: 'c' }];
  const fields = { name: (item: { name: string }) => item.name };

  it('sorts by the field, ascending unless told, case-insensitively, on a copy', () => {
    expect(sortItems(items, readSortBy('name', ['name']), fields).map((item) => item.name)).toEqual(['A', 'b', 'c']);
    expect(sortItems(items, readSortBy('name:desc', ['name']), fields).map((item) => item.name)).toEqual([
      'c',
      'b',
      'A',
    ]);
    expect(sortItems(items, readSortBy('name desc', ['name']), fields).map((item) => item.name)).toEqual([
      'c',
      'b',
      'A',
    ]);
    expect(items.map((item) => item.name)).toEqual(['b', 'A', 'c']);
    expect(readSortBy(null, ['name'])).toBeUndefined();
  });

  it('is a 400 for a field or direction it does not know', () => {
    expect(replyOf(() => readSortBy('colour', ['name'])).status).toBe(400);
    expect(replyOf(() => readSortBy('name:up', ['name'])).status).toBe(400);
  });
});
