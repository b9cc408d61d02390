/**
 * A service's `incident_urgency_rule` and `support_hours` (the description's
 * `IncidentUrgencyRule`, `SupportHours`): the urgency a new incident gets when its creator
 * names none. `constant` gives one urgency; `severity_based` takes the alert's severity
 * (critical and error are high, warning and info low: "Dynamic notifications",
 * https://support.pagerduty.com/main/docs/dynamic-notifications); `use_support_hours` takes
 * `during_support_hours` inside the service's support hours (its days of the week, from
 * `start_time` to `end_time` on its time zone's clock) and `outside_support_hours` else.
 * The service's scheduled urgency changes at the edges of support hours are left out.
 *
 * @module
 */
import { isoWeekday, isTimeZone, localDate, zoneOffset } from '../schedules/zoned-time.js';
import { isPlainObject } from '../../core/plain-object.js';

/** An urgency, or the alert's severity deciding it. */
export type RuleUrgency = 'high' | 'low' | 'severity_based';

/** One urgency for every incident (or by severity). */
export interface ConstantUrgencyRule {
  /** Always `constant`. */
  type: 'constant';
  /** The urgency. */
  urgency: RuleUrgency;
}

/** An urgency inside support hours, another outside. */
export interface SupportHoursUrgencyRule {
  /** Always `use_support_hours`. */
  type: 'use_support_hours';
  /** Inside support hours. */
  during_support_hours: ConstantUrgencyRule;
  /** Outside support hours. */
  outside_support_hours: ConstantUrgencyRule;
}

/** How new incidents of a service get their urgency. */
export type UrgencyRule = ConstantUrgencyRule | SupportHoursUrgencyRule;

/** A service's support hours. */
export interface SupportHours {
  /** Always `fixed_time_per_day`. */
  type: 'fixed_time_per_day';
  /** The IANA time zone the times are in. */
  time_zone: string;
  /** ISO weekdays, 1 (Monday) to 7. */
  days_of_week: number[];
  /** `HH:MM:SS`, inclusive. */
  start_time: string;
  /** `HH:MM:SS`, exclusive. */
  end_time: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const URGENCIES: readonly unknown[] = ['high', 'low', 'severity_based'];

function seconds(time: string): number {
  const [hours, minutes, rest] = time.split(':').map(Number) as [number, number, number];
  return hours * 3600 + minutes * 60 + rest;
}

function constantProblems(value: unknown, name: string): string[] {
  if (!isPlainObject(value) || value.type !== 'constant' || !URGENCIES.includes(value.urgency))
    return [`${name} must be { "type": "constant", "urgency": "high" | "low" | "severity_based" }`];
  return [];
}

/** Why `value` is not an urgency rule (none: it is); `supportHours` are the service's after the change. */
export function urgencyRuleProblems(value: unknown, supportHours: unknown): string[] {
  if (!isPlainObject(value)) return ['service.incident_urgency_rule must be an object'];
  if (value.type === 'constant') return constantProblems(value, 'service.incident_urgency_rule');
  if (value.type !== 'use_support_hours')
    return ['service.incident_urgency_rule.type must be constant or use_support_hours'];
  return [
    ...constantProblems(value.during_support_hours, 'service.incident_urgency_rule.during_support_hours'),
    ...constantProblems(value.outside_support_hours, 'service.incident_urgency_rule.outside_support_hours'),
    ...(supportHours ? [] : ['service.support_hours must be set to use support hours']),
  ];
}

/** Why `value` is not support hours (none: it is, or is null). */
export function supportHoursProblems(value: unknown): string[] {
  if (value === null) return [];
  const problems: string[] = [];
  if (!isPlainObject(value)) return ['service.support_hours must be an object'];
  if (value.type !== 'fixed_time_per_day') problems.push('service.support_hours.type must be fixed_time_per_day');
  if (typeof value.time_zone !== 'string' || !isTimeZone(value.time_zone))
    problems.push('service.support_hours.time_zone must be an IANA time zone');
  const days = value.days_of_week;
  if (!Array.isArray(days) || days.length === 0 || !days.every((day) => Number.isInteger(day) && day >= 1 && day <= 7))
    problems.push('service.support_hours.days_of_week must be weekdays from 1 (Monday) to 7');
  for (const field of ['start_time', 'end_time'] as const)
    if (typeof value[field] !== 'string' || !TIME.test(value[field]))
      problems.push(`service.support_hours.${field} must be HH:MM:SS`);
  if (problems.length === 0 && seconds(value.start_time as string) >= seconds(value.end_time as string))
    problems.push('service.support_hours.start_time must be before end_time');
  return problems;
}

/** Whether `at` (ms) is inside the support hours. */
export function inSupportHours(hours: SupportHours, at: number): boolean {
  const date = localDate(at, hours.time_zone);
  if (!hours.days_of_week.includes(isoWeekday(date))) return false;
  const wall = new Date(at + zoneOffset(at, hours.time_zone));
  const ofDay = wall.getUTCHours() * 3600 + wall.getUTCMinutes() * 60 + wall.getUTCSeconds();
  return ofDay >= seconds(hours.start_time) && ofDay < seconds(hours.end_time);
}

function constantUrgency(rule: ConstantUrgencyRule, severity: string | undefined): 'high' | 'low' {
  if (rule.urgency !== 'severity_based') return rule.urgency;
  return severity === 'warning' || severity === 'info' ? 'low' : 'high';
}

/** The urgency a new incident of a service with this rule gets at `at` (ms), from an alert of `severity`. */
export function ruleUrgency(
  rule: UrgencyRule,
  supportHours: SupportHours | null | undefined,
  at: number,
  severity?: string,
): 'high' | 'low' {
  if (rule.type === 'constant') return constantUrgency(rule, severity);
  const inside = supportHours ? inSupportHours(supportHours, at) : false;
  return constantUrgency(inside ? rule.during_support_hours : rule.outside_support_hours, severity);
}
