/**
 * A small checker for the subset of OpenAPI schema used by the Events API v2 description
 * (type, properties, required, enum, items, $ref, formats url and date-time). It is
 * stricter than OpenAPI in one way on purpose: a property the schema does not name is an
 * error, so that a misspelled wire field (`customDetails` for `custom_details`) fails.
 */
import { EVENTS_V2_SCHEMAS } from './events-v2-schemas.js';

interface Schema {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly enum?: readonly unknown[];
  readonly items?: Schema;
  readonly $ref?: string;
  readonly format?: string;
}

const components = EVENTS_V2_SCHEMAS.components as unknown as Record<string, Schema>;

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = components[name];
  if (!target) throw new Error(`unknown $ref ${schema.$ref}`);
  return target;
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

/** Every way `value` breaks `schema`; empty when it conforms. */
export function schemaErrors(value: unknown, schemaOrRef: Schema, path = '$'): string[] {
  const schema = resolve(schemaOrRef);
  const errors: string[] = [];
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${path}: ${JSON.stringify(value)} not in enum`);
  if (schema.type && typeOf(value) !== schema.type)
    return [...errors, `${path}: expected ${schema.type}, got ${typeOf(value)}`];
  if (schema.format === 'date-time' && (typeof value !== 'string' || Number.isNaN(Date.parse(value)))) {
    errors.push(`${path}: not a date-time`);
  }
  if (schema.format === 'url' && typeof value === 'string' && !URL.canParse(value)) errors.push(`${path}: not a URL`);
  if (schema.type === 'object' && typeof value === 'object' && value !== null) {
    const fields = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in fields)) errors.push(`${path}.${key}: required`);
    if (schema.properties) {
      for (const [key, item] of Object.entries(fields)) {
        const sub = schema.properties[key];
        if (!sub) errors.push(`${path}.${key}: not in the schema`);
        // custom_details is a free-form object: only its type is checked.
        else if (key !== 'custom_details') errors.push(...schemaErrors(item, sub, `${path}.${key}`));
        else if (typeOf(item) !== 'object') errors.push(`${path}.${key}: expected object`);
      }
    }
  }
  if (schema.type === 'array' && Array.isArray(value) && schema.items) {
    value.forEach((item, index) => errors.push(...schemaErrors(item, schema.items as Schema, `${path}[${index}]`)));
  }
  return errors;
}

/** Problems of an alert event body (as sent, with `routing_key`) against `/enqueue`'s schema. */
export const alertEventSchemaErrors = (body: unknown): string[] =>
  schemaErrors(body, EVENTS_V2_SCHEMAS.alertEvent as unknown as Schema);

/** Problems of a change event body (as sent) against `/change/enqueue`'s schema. */
export const changeEventSchemaErrors = (body: unknown): string[] =>
  schemaErrors(body, EVENTS_V2_SCHEMAS.changeEvent as unknown as Schema);

/** Problems of a response body against the Success response schema. */
export const successSchemaErrors = (body: unknown): string[] =>
  schemaErrors(body, EVENTS_V2_SCHEMAS.success as unknown as Schema);

/** Problems of a response body against the Error response schema. */
export const errorSchemaErrors = (body: unknown): string[] =>
  schemaErrors(body, EVENTS_V2_SCHEMAS.error as unknown as Schema);
