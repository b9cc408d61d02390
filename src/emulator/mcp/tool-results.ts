/**
 * A tool's result shaped as PagerDuty's MCP server returns it: the REST resource read through the result's
 * pydantic model (only the model's fields, defaults where REST has none), and a list as `ListResponseModel`
 * (`{ response, response_summary }`).
 *
 * @module
 */
import { isPlainObject } from '../../core/plain-object.js';
import type { Schema } from './tool-arguments.js';

/** The server's `MAX_RESULTS`: the most records a list returns. */
export const MAX_RESULTS = 1000;

/** `value` read through `schema` (see the module comment). */
export function project(value: unknown, schema: Schema, defs: Readonly<Record<string, Schema>>): unknown {
  if (schema.$ref) {
    const model = defs[schema.$ref.replace('#/$defs/', '')];
    return model ? project(value, model, defs) : value;
  }
  if (schema.anyOf) {
    if (value === null || value === undefined) return null;
    const member = schema.anyOf.find((candidate) => fits(value, candidate, defs)) ?? schema.anyOf[0];
    return project(value, member, defs);
  }
  if (schema.type === 'array' && Array.isArray(value))
    return value.map((item) => project(item, schema.items ?? {}, defs));
  if (schema.type === 'object' && schema.properties && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      if (value[name] !== undefined) out[name] = project(value[name], property, defs);
      else if (property.default !== undefined) out[name] = property.default;
    }
    return out;
  }
  return value;
}

function fits(value: unknown, schema: Schema, defs: Readonly<Record<string, Schema>>): boolean {
  if (schema.$ref) return isPlainObject(value) && schema.$ref.replace('#/$defs/', '') in defs;
  switch (schema.type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

/** `ListResponseModel[entity]` of `records`, with its computed `response_summary`. */
export function listResponse(entity: string, records: readonly unknown[]): Record<string, unknown> {
  const summary = [`ListResponseModel<${entity}>:`, `- Returned ${records.length} record(s) of type '${entity}'.`];
  if (records.length === MAX_RESULTS)
    summary.push(
      '- WARNING: The number of records equals the response limit. There may be more' +
        ' records not included in this response.',
    );
  return { response: [...records], response_summary: summary.join('\n') };
}
