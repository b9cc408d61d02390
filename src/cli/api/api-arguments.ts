/**
 * Pure parsing of `pagerduty api`'s request flags, in the manner of `gh api`:
 * `-F key=value` (typed) and `-f key=value` (raw text) fields, which become query
 * parameters or a JSON body, and `-H "Name: value"` headers.
 *
 * @module
 */
import type { QueryScalar } from '../../core/request/query.js';
import { UsageError } from '../common/usage-error.js';
import { isPlainObject } from '../../core/plain-object.js';

/** A field's value: `-F` turns `true`, `false`, `null` and integers into JSON values. */
export type FieldValue = string | number | boolean | null;

/** One `key=value` field of the command line, in order. */
export interface FieldAssignment {
  /** The key as written (`statuses[]`, `incident[title]`). */
  readonly key: string;
  /** The value, typed for `-F`, text for `-f`. */
  readonly value: FieldValue;
}

/** A JSON object built from fields. */
export type JsonObject = { [key: string]: JsonValue };
/** A JSON value built from fields. */
export type JsonValue = FieldValue | JsonValue[] | JsonObject;

function typedValue(text: string): FieldValue {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?\d+$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  return text;
}

/**
 * Parses one `key=value` field. With `typed` (`-F`), `true`, `false`, `null` and
 * integers become JSON values; otherwise (`-f`) the value stays text.
 *
 * @throws UsageError when there is no `=` or no key
 *
 * @example
 * ```ts
 * parseField('limit=25', true);  // { key: 'limit', value: 25 }
 * parseField('limit=25', false); // { key: 'limit', value: '25' }
 * ```
 */
export function parseField(text: string, typed: boolean): FieldAssignment {
  const equals = text.indexOf('=');
  if (equals <= 0) throw new UsageError(`field ${JSON.stringify(text)} must look like key=value`);
  const raw = text.slice(equals + 1);
  return { key: text.slice(0, equals), value: typed ? typedValue(raw) : raw };
}

/** A `-F key=@file` field: its value is read from `file` (`-`: standard input). */
export interface FieldFile {
  /** The key as written. */
  readonly key: string;
  /** The file to read the value from; `-` for standard input. */
  readonly file: string;
}

/**
 * The file a `-F` field reads its value from, when its value starts with `@` (as in
 * `gh api`); `undefined` for an ordinary field. A literal value starting with `@` is sent
 * with `-f`, which never reads files.
 *
 * @throws UsageError when there is no `=`, no key, or no file name after `@`
 *
 * @example
 * ```ts
 * fieldFile('incident[body][details]=@notes.txt'); // { key: 'incident[body][details]', file: 'notes.txt' }
 * fieldFile('note=@-');                             // { key: 'note', file: '-' }
 * fieldFile('limit=25');                            // undefined
 * ```
 */
export function fieldFile(text: string): FieldFile | undefined {
  const { key, value } = parseField(text, false);
  if (typeof value !== 'string' || !value.startsWith('@')) return undefined;
  const file = value.slice(1);
  if (!file) throw new UsageError(`field ${JSON.stringify(text)}: name a file after @ (or @- for standard input)`);
  return { key, file };
}

/**
 * Query parameters from fields: a key given more than once, written `key[]`, or named in
 * `lists` (the parameters the description declares as `key[]`), becomes a list sent as
 * `key[]` (the REST API's convention), one value or many; other keys are kept as written.
 *
 * @example
 * ```ts
 * fieldsToQuery([{ key: 'statuses', value: 'triggered' }, { key: 'statuses', value: 'acknowledged' }]);
 * // { 'statuses[]': ['triggered', 'acknowledged'] }
 * ```
 */
export function fieldsToQuery(
  fields: readonly FieldAssignment[],
  lists: ReadonlySet<string> = new Set(),
): Record<string, QueryScalar | QueryScalar[]> {
  const groups = new Map<string, { list: boolean; values: string[] }>();
  for (const { key, value } of fields) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const list = key.endsWith('[]') || lists.has(name);
    const group = groups.get(name) ?? { list: false, values: [] };
    group.list ||= list || group.values.length > 0;
    group.values.push(String(value));
    groups.set(name, group);
  }
  const query: Record<string, QueryScalar | QueryScalar[]> = {};
  for (const [name, { list, values }] of groups) {
    if (list) query[`${name}[]`] = values;
    else query[name] = values[0] ?? '';
  }
  return query;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** `incident[assignments][]` -> `['incident', 'assignments', '']` (`''` = append to a list). */
function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new UsageError(`field key ${JSON.stringify(key)} is malformed`);
  const path = [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)];
  if (path.slice(0, -1).includes('')) throw new UsageError(`field key ${JSON.stringify(key)}: [] may only come last`);
  if (path.some((segment) => FORBIDDEN_KEYS.has(segment))) {
    throw new UsageError(`field key ${JSON.stringify(key)} is not allowed`);
  }
  return path;
}

/**
 * A JSON body from fields: `a[b]=v` nests objects, `a[]=v` appends to a list, and a key
 * given more than once becomes a list.
 *
 * @throws UsageError when two fields disagree on a key's shape (`a=1` and `a[b]=2`)
 *
 * @example
 * ```ts
 * fieldsToBody([
 *   { key: 'incident[type]', value: 'incident' },
 *   { key: 'incident[title]', value: 'Disk full' },
 * ]);
 * // { incident: { type: 'incident', title: 'Disk full' } }
 * ```
 */
export function fieldsToBody(fields: readonly FieldAssignment[]): JsonObject {
  const body: JsonObject = {};
  for (const { key, value } of fields) {
    const path = keyPath(key);
    const append = path[path.length - 1] === '';
    const names = append ? path.slice(0, -1) : path;
    let target = body;
    for (const name of names.slice(0, -1)) {
      const next = target[name] ?? {};
      if (!isPlainObject(next)) throw new UsageError(`field ${JSON.stringify(key)} conflicts with an earlier field`);
      target[name] = next;
      target = next;
    }
    const leaf = names[names.length - 1] as string;
    const existing = target[leaf];
    if (isPlainObject(existing)) throw new UsageError(`field ${JSON.stringify(key)} conflicts with an earlier field`);
    if (existing === undefined) target[leaf] = append ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else target[leaf] = [existing, value];
  }
  return body;
}

/**
 * Parses a `-H "Name: value"` header.
 *
 * @throws UsageError when there is no `:` or no name
 */
export function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon > 0 ? text.slice(0, colon).trim() : '';
  if (!name) throw new UsageError(`header ${JSON.stringify(text)} must look like "Name: value"`);
  return [name, text.slice(colon + 1).trim()];
}
