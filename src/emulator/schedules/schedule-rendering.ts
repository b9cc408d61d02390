/**
 * Who is on call on a schedule, when: its layers' rotations, cut by their restrictions,
 * stacked, with overrides on top. Pure functions of the layers, overrides and a window;
 * `GET /schedules/{id}` (the layers' `rendered_schedule_entries`, `overrides_subschedule`
 * and `final_schedule`), `/schedules/{id}/users` and `/oncalls` all render from them.
 *
 * The rules, from the REST API's description (OpenAPI `ScheduleLayer`, `SubSchedule`) and
 * PagerDuty's API concepts ("The ordered composition of schedule layers, combined with any
 * schedule layer entries from the override layer, known as overrides, results in the final
 * schedule layer", https://developer.pagerduty.com/docs/ZG9jOjExMDI5NTUz-api-concepts#schedules):
 *
 * - a layer's turns start at `rotation_virtual_start` and last `rotation_turn_length_seconds`
 *   each, going to its users in order and round again ("The position of the user on the list
 *   determines their order in the layer"); the layer puts nobody on call before its `start`
 *   or from its `end` on;
 * - restrictions limit a layer to periods of the day or week: a turn is on call only where a
 *   restriction is open, so it may render as several entries;
 * - an entry is "a contiguous unit of time" for one user (the description's words for an
 *   on-call): where the same user's turns or pieces run on, they are one entry (joined
 *   over the turns that meet the window asked about);
 * - a later layer of `schedule_layers` wins over an earlier one where both have someone
 *   (the web UI's "Layer 2" above "Layer 1"), and an override wins over every layer (a
 *   later override over an earlier one where they overlap); where nothing covers a time,
 *   the final schedule has a gap.
 *
 * @module
 */
import { restrictionSpans, type Restriction, type Span } from './restrictions.js';

/** A layer as rendering needs it: times in milliseconds since the epoch, users of any shape `U`. */
export interface RotationLayer<U = unknown> {
  /** When the layer starts putting people on call. */
  start: number;
  /** When it stops (exclusive), or `null` for never. */
  end: number | null;
  /** Where turn 0 begins; turns before it go round backwards. */
  rotationVirtualStart: number;
  /** How long each turn lasts, in milliseconds. */
  turnLength: number;
  /** The users, in rotation order. */
  users: readonly U[];
  /** The periods the layer is limited to (none: always). */
  restrictions: readonly Restriction[];
}

/** A stretch of time during which one user is on call. */
export interface Shift<U = unknown> {
  /** Who is on call. */
  user: U;
  /** When it starts, in milliseconds since the epoch. */
  start: number;
  /** When it ends (exclusive), in milliseconds since the epoch. */
  end: number;
}

/** Whether a stretch [start, end) meets the window: overlaps it, or holds the instant `since === until`. */
export function meetsWindow(start: number, end: number, since: number, until: number): boolean {
  return since === until ? start <= since && since < end : start < until && end > since;
}

/** Whether two users are the same one: by `id` when they have one (references), else as values. */
function sameUser(a: unknown, b: unknown): boolean {
  const id = (user: unknown): unknown =>
    typeof user === 'object' && user !== null && 'id' in user ? (user as { id: unknown }).id : user;
  return id(a) === id(b);
}

/** Joins each shift to the one before when the same user's time runs on ("a contiguous unit of time"). */
function joinRuns<U>(shifts: readonly Shift<U>[]): Shift<U>[] {
  const joined: Shift<U>[] = [];
  for (const shift of shifts) {
    const last = joined[joined.length - 1];
    if (last && last.end === shift.start && sameUser(last.user, shift.user)) last.end = shift.end;
    else joined.push({ ...shift });
  }
  return joined;
}

function checkWindow(since: number, until: number): void {
  if (until < since) throw new RangeError('until must not be before since');
}

/**
 * The entries of one layer that meet the window [since, until] (the instant `since` when
 * equal), in time order, each with its own start and end (see {@link clipShifts}).
 *
 * @example
 * ```ts
 * const day = 86_400_000;
 * const layer = { start: 0, end: null, rotationVirtualStart: 0, turnLength: day, users: [ann, bob], restrictions: [] };
 * layerShifts(layer, 1.5 * day, 1.5 * day, 'UTC'); // [{ user: bob, start: day, end: 2 * day }]
 * ```
 */
export function layerShifts<U>(layer: RotationLayer<U>, since: number, until: number, timeZone: string): Shift<U>[] {
  checkWindow(since, until);
  const count = layer.users.length;
  if (count === 0 || layer.turnLength <= 0) return [];
  const from = Math.max(since, layer.start);
  const to = Math.min(until, layer.end ?? Infinity);
  if (to < from || (layer.end !== null && from >= layer.end)) return [];
  const firstTurn = Math.floor((from - layer.rotationVirtualStart) / layer.turnLength);
  const lastTurn = Math.floor((to - layer.rotationVirtualStart) / layer.turnLength);
  const shifts: Shift<U>[] = [];
  for (let turn = firstTurn; turn <= lastTurn; turn += 1) {
    const turnStart = Math.max(layer.rotationVirtualStart + turn * layer.turnLength, layer.start);
    const turnEnd = Math.min(layer.rotationVirtualStart + (turn + 1) * layer.turnLength, layer.end ?? Infinity);
    if (turnEnd <= turnStart) continue;
    const user = layer.users[((turn % count) + count) % count] as U;
    for (const span of restrictionSpans(layer.restrictions, turnStart, turnEnd, timeZone))
      shifts.push({ user, start: span.start, end: span.end });
  }
  return joinRuns(shifts).filter((shift) => meetsWindow(shift.start, shift.end, since, until));
}

/** A shift with the source it comes from, for stacking. */
interface Sourced<U> extends Shift<U> {
  source: number;
}

/**
 * Stacks sources of shifts: where several cover a time, the one with the highest index
 * wins; pieces where the same user's time runs on are joined.
 */
function stack<U>(sources: readonly (readonly Shift<U>[])[]): Shift<U>[] {
  const all: Sourced<U>[][] = sources.map((shifts, index) =>
    [...shifts].sort((a, b) => a.start - b.start).map((shift) => ({ ...shift, source: index })),
  );
  const points = [...new Set(all.flat().flatMap((shift) => [shift.start, shift.end]))].sort((a, b) => a - b);
  const result: Shift<U>[] = [];
  for (let index = 0; index + 1 < points.length; index += 1) {
    const start = points[index] as number;
    const end = points[index + 1] as number;
    let winner: Sourced<U> | undefined;
    for (let source = all.length - 1; source >= 0 && !winner; source -= 1)
      winner = (all[source] as Sourced<U>[]).findLast((shift) => shift.start <= start && shift.end >= end);
    if (winner) result.push({ user: winner.user, start, end });
  }
  return joinRuns(result);
}

/** The schedule's overrides alone, stacked (a later one wins), meeting the window: its `overrides_subschedule`. */
export function overrideShifts<U>(overrides: readonly Shift<U>[], since: number, until: number): Shift<U>[] {
  checkWindow(since, until);
  return stack(overrides.map((override) => [override])).filter((shift) =>
    meetsWindow(shift.start, shift.end, since, until),
  );
}

/**
 * The final schedule over the window: every layer stacked (a later layer wins), overrides
 * on top, each entry with its own start and end even where they lie outside the window.
 *
 * @example
 * ```ts
 * finalShifts([weekly], [{ user: dan, start: noon, end: evening }], noon, noon, 'UTC');
 * // [{ user: dan, start: noon, end: evening }]
 * ```
 */
export function finalShifts<U>(
  layers: readonly RotationLayer<U>[],
  overrides: readonly Shift<U>[],
  since: number,
  until: number,
  timeZone: string,
): Shift<U>[] {
  checkWindow(since, until);
  const render = (from: number, to: number): Shift<U>[][] => [
    ...layers.map((layer) => layerShifts(layer, from, to, timeZone)),
    ...overrides
      .filter((override) => meetsWindow(override.start, override.end, from, to))
      .map((override) => [override]),
  ];
  // Every piece meeting the window lies within a shift that meets it; rendering again over
  // the span of those shifts brings in whatever cuts them, so each piece gets its real ends.
  const meeting = render(since, until).flat();
  if (meeting.length === 0) return [];
  const horizon = {
    start: Math.min(...meeting.map((shift) => shift.start)),
    end: Math.max(...meeting.map((shift) => shift.end)),
  };
  return stack(render(horizon.start, horizon.end)).filter((shift) => meetsWindow(shift.start, shift.end, since, until));
}

/** The shifts cut to the window [since, until] (the REST API's default, without `overflow=true`). */
export function clipShifts<U>(shifts: readonly Shift<U>[], since: number, until: number): Shift<U>[] {
  return shifts.map((shift) => ({ ...shift, start: Math.max(shift.start, since), end: Math.min(shift.end, until) }));
}

/** The percentage (0-100, two decimals) of the window the shifts cover: a layer's `rendered_coverage_percentage`. */
export function coveragePercentage(shifts: readonly Span[], since: number, until: number): number {
  if (until <= since) return shifts.some((shift) => shift.start <= since && since < shift.end) ? 100 : 0;
  let covered = 0;
  let reached = since;
  for (const shift of [...shifts].sort((a, b) => a.start - b.start)) {
    const start = Math.max(shift.start, reached);
    const end = Math.min(shift.end, until);
    if (end > start) {
      covered += end - start;
      reached = end;
    }
  }
  return Math.round((covered / (until - since)) * 10_000) / 100;
}
