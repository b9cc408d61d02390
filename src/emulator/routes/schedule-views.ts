/**
 * A schedule as `GET /schedules/{id}` serves it: its layers, each with the entries it
 * renders over the asked window, `overrides_subschedule` and `final_schedule`, times in the
 * asked time zone (the schedule's by default), cut at the window unless `overflow=true`.
 * The window's defaults are the description's: `since` "defaults to 2 weeks before until
 * if an until is given", `until` "to 2 weeks after since if a since is given"; with
 * neither, nothing is rendered ("Since or until must be set in order for this field to be
 * populated", OpenAPI `ScheduleLayer.rendered_schedule_entries`).
 *
 * @module
 */
import { isoInZone } from '../queries/on-call.js';
import { boolParam, timeParam } from '../queries/query-params.js';
import {
  clipShifts,
  coveragePercentage,
  layerShifts,
  overrideShifts,
  type Shift,
} from '../schedules/schedule-rendering.js';
import { isTimeZone } from '../schedules/zoned-time.js';
import { fail, invalidInput } from '../server/replies.js';
import type { Reference, Schedule } from '../store/resources.js';
import { layersOf, overridesOf, rotationLayer, scheduleFinalShifts, scheduleZone } from '../store/schedule-model.js';
import type { EmulatorStore } from '../store/store.js';

/** Two weeks: the description's default span of a window given by one bound. */
export const DEFAULT_RENDER_SPAN_MS = 14 * 86_400_000;

/** What to render a schedule over. */
export interface RenderWindow {
  /** Start, in milliseconds. */
  since: number;
  /** End, in milliseconds. */
  until: number;
  /** Whether entries keep their ends past the window (`overflow=true`). */
  overflow: boolean;
  /** The time zone times are rendered in (`time_zone`, else the schedule's). */
  timeZone: string | undefined;
}

/** A rendered entry as the REST API spells it (`ScheduleLayerEntry`). */
interface RenderedEntry {
  user: Reference;
  start: string;
  end: string;
}

/**
 * The window of `since`, `until`, `overflow` and `time_zone`, or `undefined` when neither
 * bound is given.
 *
 * @throws ReplyError 400 for an unreadable time, `until` before `since`, or an unknown time zone
 */
export function renderWindow(query: URLSearchParams): RenderWindow | undefined {
  const zone = query.get('time_zone') || undefined;
  if (zone !== undefined && !isTimeZone(zone))
    fail(invalidInput(`time_zone ${JSON.stringify(zone)} is not a time zone name`));
  const givenSince = timeParam(query, 'since');
  const givenUntil = timeParam(query, 'until');
  if (givenSince === undefined && givenUntil === undefined) return undefined;
  const since = givenSince ?? (givenUntil as number) - DEFAULT_RENDER_SPAN_MS;
  const until = givenUntil ?? since + DEFAULT_RENDER_SPAN_MS;
  if (until < since) fail(invalidInput('since must not be after until'));
  return { since, until, overflow: boolParam(query, 'overflow'), timeZone: zone };
}

function entries(shifts: readonly Shift<Reference>[], window: RenderWindow, zone: string): RenderedEntry[] {
  const shown = window.overflow ? shifts : clipShifts(shifts, window.since, window.until);
  return shown.map((shift) => ({
    user: shift.user,
    start: isoInZone(shift.start, zone),
    end: isoInZone(shift.end, zone),
  }));
}

function subschedule(
  name: string,
  shifts: readonly Shift<Reference>[],
  window: RenderWindow | undefined,
  zone: string,
) {
  if (!window) return { name, rendered_schedule_entries: [] };
  return {
    name,
    rendered_schedule_entries: entries(shifts, window, zone),
    rendered_coverage_percentage: coveragePercentage(shifts, window.since, window.until),
  };
}

/** The escalation policies that target a schedule. */
function policiesOf(store: EmulatorStore, schedule: Schedule): Reference[] {
  return store.escalationPolicies
    .all()
    .filter((policy) =>
      policy.escalation_rules.some((rule) => rule.targets.some((target) => target.id === schedule.id)),
    )
    .map((policy) => store.ref(policy));
}

/** A schedule as served: with the escalation policies that target it, and rendered over `window` when given. */
export function scheduleView(store: EmulatorStore, schedule: Schedule, window?: RenderWindow) {
  const zone = window?.timeZone ?? scheduleZone(schedule);
  const ruleZone = scheduleZone(schedule);
  const layers = layersOf(schedule).map((stored) => {
    // A layer without an end is served without `end`: the description types it a string (and
    // says "If `null`, the layer does not end"), so a JSON null would break its own schema.
    const { end, ...rest } = stored;
    const layer = end === null ? rest : stored;
    if (!window) return { ...layer, rendered_schedule_entries: [] };
    const shifts = layerShifts(rotationLayer(stored), window.since, window.until, ruleZone);
    return {
      ...layer,
      rendered_schedule_entries: entries(shifts, window, zone),
      rendered_coverage_percentage: coveragePercentage(shifts, window.since, window.until),
    };
  });
  const overrides = window ? overrideShifts(overridesOf(store, schedule.id), window.since, window.until) : [];
  const final = window ? scheduleFinalShifts(store, schedule, window.since, window.until) : [];
  return {
    ...schedule,
    schedule_layers: layers,
    overrides_subschedule: subschedule('Overrides', overrides, window, zone),
    final_schedule: subschedule('Final Schedule', final, window, zone),
    escalation_policies: policiesOf(store, schedule),
  };
}
