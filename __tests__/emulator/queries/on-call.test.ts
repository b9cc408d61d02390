import { describe, expect, it } from '@jest/globals';
import {
  isoInZone,
  meetsWindow,
  ROTATION_START,
  scheduleShifts,
  TURN_MS,
} from '../../../src/emulator/queries/on-call.js';

const ref = (id: string) => ({ id, type: 'user_reference', summary: id, self: `http://x/users/${id}` });
const [ann, bob, cat, dan] = [ref('ANN'), ref('BOB'), ref('CAT'), ref('DAN')];
const at = (iso: string) => Date.parse(iso);
const shift = (user: ReturnType<typeof ref>, start: string, end: string) => ({ user, start: at(start), end: at(end) });

describe('scheduleShifts', () => {
  it('turns weekly through the users, from Monday 2024-01-01 00:00 UTC', () => {
    expect(ROTATION_START).toBe(at('2024-01-01T00:00:00Z'));
    expect(TURN_MS).toBe(7 * 86_400_000);
    const noon = at('2024-01-08T12:00:00Z');
    expect(scheduleShifts([ann, bob, cat], [], noon, noon)).toEqual([
      shift(bob, '2024-01-08T00:00:00Z', '2024-01-15T00:00:00Z'),
    ]);
    const later = at('2024-01-22T00:00:00Z');
    expect(scheduleShifts([ann, bob, cat], [], later, later)).toEqual([
      shift(ann, '2024-01-22T00:00:00Z', '2024-01-29T00:00:00Z'),
    ]);
  });

  it('keeps turning before the rotation start', () => {
    const before = at('2023-12-27T00:00:00Z');
    expect(scheduleShifts([ann, bob, cat], [], before, before)).toEqual([
      shift(cat, '2023-12-25T00:00:00Z', '2024-01-01T00:00:00Z'),
    ]);
  });

  it('lists every shift that meets a window, with their own starts and ends', () => {
    expect(scheduleShifts([ann, bob], [], at('2024-01-05T00:00:00Z'), at('2024-01-09T00:00:00Z'))).toEqual([
      shift(ann, '2024-01-01T00:00:00Z', '2024-01-08T00:00:00Z'),
      shift(bob, '2024-01-08T00:00:00Z', '2024-01-15T00:00:00Z'),
    ]);
  });

  it('lets an override replace whoever is on call during its time, splitting the turn', () => {
    const override = shift(dan, '2024-01-03T09:00:00Z', '2024-01-03T17:00:00Z');
    expect(scheduleShifts([ann, bob], [override], at('2024-01-02T00:00:00Z'), at('2024-01-04T00:00:00Z'))).toEqual([
      shift(ann, '2024-01-01T00:00:00Z', '2024-01-03T09:00:00Z'),
      override,
      shift(ann, '2024-01-03T17:00:00Z', '2024-01-08T00:00:00Z'),
    ]);
    expect(scheduleShifts([ann, bob], [override], at('2024-01-03T12:00:00Z'), at('2024-01-03T12:00:00Z'))).toEqual([
      override,
    ]);
  });

  it('reports an override across a handoff whole, and a later override wins where two overlap', () => {
    const long = shift(dan, '2024-01-07T00:00:00Z', '2024-01-09T00:00:00Z');
    const later = shift(cat, '2024-01-08T00:00:00Z', '2024-01-08T06:00:00Z');
    expect(scheduleShifts([ann, bob], [long, later], at('2024-01-07T12:00:00Z'), at('2024-01-08T12:00:00Z'))).toEqual([
      shift(dan, '2024-01-07T00:00:00Z', '2024-01-08T00:00:00Z'),
      later,
      shift(dan, '2024-01-08T06:00:00Z', '2024-01-09T00:00:00Z'),
    ]);
  });

  it('is empty for a schedule without users, and refuses a window that ends before it starts', () => {
    expect(scheduleShifts([], [], 0, 0)).toEqual([]);
    expect(() => scheduleShifts([ann], [], 2, 1)).toThrow(RangeError);
  });
});

describe('meetsWindow', () => {
  it('holds an instant in [start, end), and a window that overlaps', () => {
    expect(meetsWindow(0, 10, 0, 0)).toBe(true);
    expect(meetsWindow(0, 10, 10, 10)).toBe(false);
    expect(meetsWindow(0, 10, 10, 20)).toBe(false);
    expect(meetsWindow(0, 10, 9, 20)).toBe(true);
  });
});

describe('isoInZone', () => {
  it('writes UTC with Z and another zone with its offset', () => {
    const time = at('2024-01-08T12:00:00Z');
    expect(isoInZone(time, 'UTC')).toBe('2024-01-08T12:00:00Z');
    expect(isoInZone(time, 'Europe/Paris')).toBe('2024-01-08T13:00:00+01:00');
    expect(isoInZone(time, 'America/New_York')).toBe('2024-01-08T07:00:00-05:00');
    expect(isoInZone(time, 'Africa/Abidjan')).toBe('2024-01-08T12:00:00+00:00');
  });

  it('refuses a name that is not a time zone', () => {
    expect(() => isoInZone(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});
