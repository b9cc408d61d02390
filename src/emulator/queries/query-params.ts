/**
 * Reading query parameters the way the REST API does: list keys with or without `[]`,
 * whole numbers, `true`, and ISO 8601 times. A value it cannot read is a 400.
 *
 * @module
 */
import { fail, invalidInput } from '../server/replies.js';

/**
 * The values of a list parameter, sent as `name[]` (or, as older clients do, `name`).
 *
 * @example
 * ```ts
 * listParam(new URLSearchParams('statuses[]=triggered&statuses[]=resolved'), 'statuses'); // ['triggered', 'resolved']
 * ```
 */
export function listParam(query: URLSearchParams, name: string): string[] {
  return [...query.getAll(`${name}[]`), ...query.getAll(name)].filter((value) => value !== '');
}

/**
 * A whole-number parameter, or `fallback` when absent.
 *
 * @throws ReplyError (400) for anything but a non-negative whole number
 */
export function intParam(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) fail(invalidInput(`${name} must be a non-negative whole number`));
  return Number(raw.trim());
}

/** A boolean parameter: true only for `true` (any case). */
export function boolParam(query: URLSearchParams, name: string): boolean {
  return (query.get(name) ?? '').trim().toLowerCase() === 'true';
}

/**
 * A time parameter as milliseconds since the epoch, or `undefined` when absent.
 *
 * @throws ReplyError (400) for a value that is not a date
 */
export function timeParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const time = Date.parse(raw);
  if (Number.isNaN(time)) fail(invalidInput(`${name} must be an ISO 8601 date-time`));
  return time;
}
