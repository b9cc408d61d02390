/**
 * `GET /oncalls`: who is on call, per escalation policy and level, over a time window
 * (now, by default), with the REST API's filters: `user_ids[]`, `escalation_policy_ids[]`,
 * `schedule_ids[]`, `since`/`until`, `earliest`, `include[]` and `time_zone`. A rule that
 * targets a user puts them on call for good (`start` and `end` null); one that targets a
 * schedule puts on call whoever its final schedule names over time: its layers and
 * overrides, rendered as for `GET /schedules/{id}` (see `schedules/schedule-rendering.ts`).
 *
 * @module
 */
import { isoInZone } from '../queries/on-call.js';
import { scheduleFinalShifts } from '../store/schedule-model.js';
import { boolParam, listParam, timeParam } from '../queries/query-params.js';
import { fail, invalidInput } from '../server/replies.js';
import type { EscalationPolicy, Reference } from '../store/resources.js';
import type { RestContext, Route } from '../server/router.js';
import type { EmulatorStore } from '../store/store.js';
import { classicList } from './bodies.js';
import { policyView } from './escalation-policies.js';
import { scheduleView } from './schedules.js';

/** The widest window one request may ask about, as the REST API limits it: 90 days. */
export const MAX_ONCALL_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;

/** What `include[]` may expand. */
const INCLUDES = ['users', 'schedules', 'escalation_policies'] as const;

/** One on-call entry, its times in milliseconds (`null`: permanent, a rule that targets a user). */
export interface OnCallEntry {
  escalation_policy: Reference;
  escalation_level: number;
  schedule: Reference | null;
  user: Reference;
  start: number | null;
  end: number | null;
}

/** The on-call entries of one escalation policy over [since, until]. */
export function policyEntries(
  store: EmulatorStore,
  policy: EscalationPolicy,
  since: number,
  until: number,
): OnCallEntry[] {
  const policyRef = store.ref(policy);
  return policy.escalation_rules.flatMap((rule, index) =>
    rule.targets.flatMap((target): OnCallEntry[] => {
      const level = index + 1;
      if (target.type === 'user_reference') {
        return [
          {
            escalation_policy: policyRef,
            escalation_level: level,
            schedule: null,
            user: target,
            start: null,
            end: null,
          },
        ];
      }
      const schedule = store.schedules.get(target.id);
      if (!schedule) return [];
      return scheduleFinalShifts(store, schedule, since, until).map((shift) => ({
        escalation_policy: policyRef,
        escalation_level: level,
        schedule: store.ref(schedule),
        user: shift.user,
        start: shift.start,
        end: shift.end,
      }));
    }),
  );
}

/** Keeps, per policy, level and user, only the entry that starts first (a permanent one first of all). */
function earliestOnly(entries: readonly OnCallEntry[]): OnCallEntry[] {
  const kept = new Map<string, OnCallEntry>();
  for (const entry of entries) {
    const key = `${entry.escalation_policy.id} ${entry.escalation_level} ${entry.user.id}`;
    const current = kept.get(key);
    if (!current || (entry.start ?? -Infinity) < (current.start ?? -Infinity)) kept.set(key, entry);
  }
  return entries.filter(
    (entry) => kept.get(`${entry.escalation_policy.id} ${entry.escalation_level} ${entry.user.id}`) === entry,
  );
}

function window(query: URLSearchParams, now: Date): { since: number; until: number } {
  const since = timeParam(query, 'since') ?? now.getTime();
  const until = timeParam(query, 'until') ?? now.getTime();
  if (since > until) fail(invalidInput('since must not be after until'));
  if (until - since > MAX_ONCALL_WINDOW_MS) fail(invalidInput('The range from since to until must not exceed 90 days'));
  return { since, until };
}

function timeZone(query: URLSearchParams): string {
  const zone = query.get('time_zone') || 'UTC';
  try {
    isoInZone(0, zone);
  } catch {
    fail(invalidInput(`time_zone ${JSON.stringify(zone)} is not a time zone name`));
  }
  return zone;
}

function includes(query: URLSearchParams): Set<(typeof INCLUDES)[number]> {
  const asked = listParam(query, 'include');
  const unknown = asked.filter((name) => !(INCLUDES as readonly string[]).includes(name));
  if (unknown.length > 0)
    fail(invalidInput(`include[] must be among ${INCLUDES.join(', ')}; not ${unknown.join(', ')}`));
  return new Set(asked as (typeof INCLUDES)[number][]);
}

/** Lists the on-call entries (see the module comment). */
export function listOnCalls({ store, query, now }: RestContext): ReturnType<Route['handler']> {
  const { since, until } = window(query, now);
  const zone = timeZone(query);
  const expand = includes(query);
  const userIds = listParam(query, 'user_ids');
  const policyIds = listParam(query, 'escalation_policy_ids');
  // `null` among the schedule ids asks for the permanent entries of rules that target users.
  const scheduleIds = listParam(query, 'schedule_ids');
  let entries = store.escalationPolicies
    .all()
    .filter((policy) => policyIds.length === 0 || policyIds.includes(policy.id))
    .flatMap((policy) => policyEntries(store, policy, since, until))
    .filter((entry) => userIds.length === 0 || userIds.includes(entry.user.id))
    .filter((entry) => scheduleIds.length === 0 || scheduleIds.includes(entry.schedule?.id ?? 'null'));
  if (boolParam(query, 'earliest')) entries = earliestOnly(entries);
  return classicList('oncalls', entries, query, (entry) => {
    const user = expand.has('users') ? store.users.get(entry.user.id) : undefined;
    const schedule = entry.schedule && expand.has('schedules') ? store.schedules.get(entry.schedule.id) : undefined;
    const policy = expand.has('escalation_policies')
      ? store.escalationPolicies.get(entry.escalation_policy.id)
      : undefined;
    return {
      escalation_policy: policy ? policyView(store, policy) : entry.escalation_policy,
      escalation_level: entry.escalation_level,
      schedule: schedule ? scheduleView(store, schedule) : entry.schedule,
      user: user ?? entry.user,
      start: entry.start === null ? null : isoInZone(entry.start, zone),
      end: entry.end === null ? null : isoInZone(entry.end, zone),
    };
  });
}

/** The route of on-calls. */
export const onCallRoutes: readonly Route[] = [{ method: 'GET', pattern: '/oncalls', handler: listOnCalls }];
