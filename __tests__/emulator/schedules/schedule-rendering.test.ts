import { describe, expect, it } from '@jest/globals';
import {
  clipShifts,
  coveragePercentage,
  finalShifts,
  layerShifts,
  overrideShifts,
  type RotationLayer,
} from '../../../src/emulator/schedules/schedule-rendering.js';

const at = (iso: string) => Date.parse(iso);
const shift = (user: string, start: string, end: string) => ({ user, start: at(start), end: at(end) });
const DAY = 86_400_000;

/** Daily turns through ann, bob, cat from Monday 2024-01-01 00:00 UTC. */
const daily: RotationLayer<string> = {
  start: at('2024-01-01T00:00:00Z'),
  end: null,
  rotationVirtualStart: at('2024-01-01T00:00:00Z'),
  turnLength: DAY,
  users: ['ann', 'bob', 'cat'],
  restrictions: [],
};

describe('layerShifts', () => {
  it('gives turns of rotation_turn_length_seconds to the users in order, round again', () => {
    expect(layerShifts(daily, at('2024-01-03T12:00:00Z'), at('2024-01-05T00:00:00Z'), 'UTC')).toEqual([
      shift('cat', '2024-01-03T00:00:00Z', '2024-01-04T00:00:00Z'),
      shift('ann', '2024-01-04T00:00:00Z', '2024-01-05T00:00:00Z'),
    ]);
  });

  it('counts turns from rotation_virtual_start, which may lie before start, and stops at end', () => {
    const layer = { ...daily, rotationVirtualStart: at('2023-12-31T00:00:00Z'), end: at('2024-01-02T12:00:00Z') };
    expect(layerShifts(layer, at('2023-12-01T00:00:00Z'), at('2024-02-01T00:00:00Z'), 'UTC')).toEqual([
      shift('bob', '2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z'),
      shift('cat', '2024-01-02T00:00:00Z', '2024-01-02T12:00:00Z'),
    ]);
  });

  it('limits each turn to the restrictions, on the schedule clock, in several entries', () => {
    const officeHours = {
      ...daily,
      turnLength: 7 * DAY,
      restrictions: [{ type: 'daily_restriction' as const, start_time_of_day: '09:00:00', duration_seconds: 8 * 3600 }],
    };
    expect(
      layerShifts(officeHours, at('2024-01-01T00:00:00Z'), at('2024-01-03T00:00:00Z'), 'America/New_York'),
    ).toEqual([
      shift('ann', '2024-01-01T14:00:00Z', '2024-01-01T22:00:00Z'),
      shift('ann', '2024-01-02T14:00:00Z', '2024-01-02T22:00:00Z'),
    ]);
  });

  it('answers the instant since === until with the entry that holds it, and nothing for no users', () => {
    expect(layerShifts(daily, at('2024-01-02T00:00:00Z'), at('2024-01-02T00:00:00Z'), 'UTC')).toEqual([
      shift('bob', '2024-01-02T00:00:00Z', '2024-01-03T00:00:00Z'),
    ]);
    expect(layerShifts({ ...daily, users: [] }, 0, DAY, 'UTC')).toEqual([]);
    expect(() => layerShifts(daily, 2, 1, 'UTC')).toThrow(RangeError);
  });
});

describe('finalShifts', () => {
  const nights: RotationLayer<string> = {
    ...daily,
    users: ['dan'],
    restrictions: [{ type: 'daily_restriction', start_time_of_day: '18:00:00', duration_seconds: 6 * 3600 }],
  };

  it('lets a later layer win where it has someone, the earlier one showing through elsewhere', () => {
    expect(finalShifts([daily, nights], [], at('2024-01-01T12:00:00Z'), at('2024-01-02T12:00:00Z'), 'UTC')).toEqual([
      shift('ann', '2024-01-01T00:00:00Z', '2024-01-01T18:00:00Z'),
      shift('dan', '2024-01-01T18:00:00Z', '2024-01-02T00:00:00Z'),
      shift('bob', '2024-01-02T00:00:00Z', '2024-01-02T18:00:00Z'),
    ]);
  });

  it('puts overrides above every layer, a later override above an earlier one', () => {
    const overrides = [
      shift('eve', '2024-01-01T16:00:00Z', '2024-01-01T20:00:00Z'),
      shift('fay', '2024-01-01T19:00:00Z', '2024-01-01T19:30:00Z'),
    ];
    expect(
      finalShifts([daily, nights], overrides, at('2024-01-01T15:00:00Z'), at('2024-01-01T21:00:00Z'), 'UTC'),
    ).toEqual([
      shift('ann', '2024-01-01T00:00:00Z', '2024-01-01T16:00:00Z'),
      shift('eve', '2024-01-01T16:00:00Z', '2024-01-01T19:00:00Z'),
      shift('fay', '2024-01-01T19:00:00Z', '2024-01-01T19:30:00Z'),
      shift('eve', '2024-01-01T19:30:00Z', '2024-01-01T20:00:00Z'),
      shift('dan', '2024-01-01T20:00:00Z', '2024-01-02T00:00:00Z'),
    ]);
  });

  it('gives each entry its real ends, cut by what lies outside the window too', () => {
    const override = [shift('eve', '2024-01-01T02:00:00Z', '2024-01-01T04:00:00Z')];
    expect(finalShifts([daily], override, at('2024-01-01T12:00:00Z'), at('2024-01-01T12:00:00Z'), 'UTC')).toEqual([
      shift('ann', '2024-01-01T04:00:00Z', '2024-01-02T00:00:00Z'),
    ]);
  });

  it('leaves a gap where no layer has anyone', () => {
    expect(finalShifts([nights], [], at('2024-01-01T12:00:00Z'), at('2024-01-01T13:00:00Z'), 'UTC')).toEqual([]);
  });
});

describe('the subschedules and their coverage', () => {
  it('stacks overrides alone for overrides_subschedule', () => {
    const overrides = [
      shift('eve', '2024-01-01T00:00:00Z', '2024-01-01T10:00:00Z'),
      shift('fay', '2024-01-01T05:00:00Z', '2024-01-01T06:00:00Z'),
    ];
    expect(overrideShifts(overrides, at('2024-01-01T05:30:00Z'), at('2024-01-01T07:00:00Z'))).toEqual([
      shift('fay', '2024-01-01T05:00:00Z', '2024-01-01T06:00:00Z'),
      shift('eve', '2024-01-01T06:00:00Z', '2024-01-01T10:00:00Z'),
    ]);
  });

  it('cuts entries at the window unless overflow, and measures the share of the window covered', () => {
    const since = at('2024-01-01T12:00:00Z');
    const until = at('2024-01-02T12:00:00Z');
    expect(clipShifts([shift('ann', '2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z')], since, until)).toEqual([
      shift('ann', '2024-01-01T12:00:00Z', '2024-01-02T00:00:00Z'),
    ]);
    expect(coveragePercentage([shift('ann', '2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z')], since, until)).toBe(50);
    expect(
      coveragePercentage(
        [
          { start: 0, end: 1 },
          { start: 0, end: 2 },
        ],
        0,
        3,
      ),
    ).toBe(66.67);
    expect(coveragePercentage([{ start: 0, end: 5 }], 3, 3)).toBe(100);
  });
});
