// Checked before any request: a bad event fails at once, naming every problem, instead of costing a round
// trip and a terse 400.
import { EVENT_ACTIONS, SEVERITIES } from './event-types.js';
import { isPlainObject } from '../plain-object.js';

type Fields = Readonly<Record<string, unknown>>;

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function optionalString(fields: Fields, key: string, where: string): string[] {
  const value = fields[key];
  return value === undefined || typeof value === 'string'
    ? []
    : [`${where}${key} must be a string, got ${shown(value)}`];
}

function requiredText(fields: Fields, key: string, where: string): string[] {
  return isNonEmptyString(fields[key]) ? [] : [`${where}${key} must be a non-empty string, got ${shown(fields[key])}`];
}

export function timestampProblems(value: unknown, where = ''): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) return [];
  return [`${where}timestamp must be an ISO 8601 date-time, got ${shown(value)}`];
}

export function customDetailsProblems(value: unknown, where = ''): string[] {
  return value === undefined || isPlainObject(value)
    ? []
    : [`${where}custom_details must be an object, got ${shown(value)}`];
}

export function imagesProblems(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return [`images must be a list of { src, href?, alt? } objects, got ${shown(value)}`];
  return value.flatMap((image: unknown, index) => {
    const where = `images[${index}].`;
    if (!isPlainObject(image)) return [`images[${index}] must be an object with a src, got ${shown(image)}`];
    return [
      ...requiredText(image, 'src', where),
      ...optionalString(image, 'href', where),
      ...optionalString(image, 'alt', where),
    ];
  });
}

export function linksProblems(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return [`links must be a list of { href, text? } objects, got ${shown(value)}`];
  return value.flatMap((link: unknown, index) => {
    const where = `links[${index}].`;
    if (!isPlainObject(link)) return [`links[${index}] must be an object with an href, got ${shown(link)}`];
    return [...requiredText(link, 'href', where), ...optionalString(link, 'text', where)];
  });
}

export function severityProblems(value: unknown, where = ''): string[] {
  return (SEVERITIES as readonly unknown[]).includes(value)
    ? []
    : [`${where}severity must be one of ${SEVERITIES.join(', ')}, got ${shown(value)}`];
}

export function alertPayloadProblems(payload: unknown): string[] {
  if (!isPlainObject(payload))
    return [`payload must be an object with summary, source and severity, got ${shown(payload)}`];
  const where = 'payload.';
  return [
    ...requiredText(payload, 'summary', where),
    ...requiredText(payload, 'source', where),
    ...severityProblems(payload.severity, where),
    ...timestampProblems(payload.timestamp, where),
    ...optionalString(payload, 'component', where),
    ...optionalString(payload, 'group', where),
    ...optionalString(payload, 'class', where),
    ...customDetailsProblems(payload.custom_details, where),
  ];
}

export function alertEventProblems(event: unknown): string[] {
  if (!isPlainObject(event)) return [`an event must be an object, got ${shown(event)}`];
  const action = event.event_action;
  const problems: string[] = [];
  if (!(EVENT_ACTIONS as readonly unknown[]).includes(action)) {
    problems.push(`event_action must be one of ${EVENT_ACTIONS.join(', ')}, got ${shown(action)}`);
  }
  const needsKey = action === 'acknowledge' || action === 'resolve';
  if ((needsKey || event.dedup_key !== undefined) && !isNonEmptyString(event.dedup_key)) {
    problems.push(
      needsKey
        ? `dedup_key is required for ${action}, got ${shown(event.dedup_key)}`
        : `dedup_key must be a non-empty string, got ${shown(event.dedup_key)}`,
    );
  }
  if (action === 'trigger' || event.payload !== undefined) problems.push(...alertPayloadProblems(event.payload));
  problems.push(
    ...optionalString(event, 'client', ''),
    ...optionalString(event, 'client_url', ''),
    ...imagesProblems(event.images),
    ...linksProblems(event.links),
  );
  return problems;
}

export function changeEventProblems(event: unknown): string[] {
  if (!isPlainObject(event)) return [`a change event must be an object, got ${shown(event)}`];
  const payload = event.payload;
  const where = 'payload.';
  const payloadProblems = isPlainObject(payload)
    ? [
        ...requiredText(payload, 'summary', where),
        ...optionalString(payload, 'source', where),
        ...timestampProblems(payload.timestamp, where),
        ...customDetailsProblems(payload.custom_details, where),
      ]
    : [`payload must be an object with a summary, got ${shown(payload)}`];
  return [...payloadProblems, ...imagesProblems(event.images), ...linksProblems(event.links)];
}
