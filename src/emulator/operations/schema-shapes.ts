/**
 * Values that fit a schema: the stored or sent value where it fits, a made-up one where it
 * does not or is missing, every declared property present (`null` where the schema allows it
 * and there is nothing to say). Pure: the ids and the time come from the caller.
 *
 * @module
 */
import type { SchemaNode } from './operation-types.js';

/** What a made-up value may draw on. */
export interface ShapeContext {
  /** The schemas `$ref`s name. */
  schemas: Readonly<Record<string, SchemaNode>>;
  /** A fresh identifier. */
  newId: () => string;
  /** The time made-up timestamps carry. */
  now: Date;
}

/** Deeper than this, objects keep only their required properties (schemas refer to themselves). */
const MAX_DEPTH = 6;

/** The schema a `$ref` names, followed to the end. */
export function resolveSchema(node: SchemaNode | undefined, schemas: ShapeContext['schemas']): SchemaNode {
  let current: SchemaNode = node ?? {};
  for (let hops = 0; current.$ref !== undefined && hops < 20; hops += 1) current = schemas[current.$ref] ?? {};
  return current;
}

/**
 * One schema for an `allOf`: properties, required names and type of every part together.
 * Other keywords of the node (`oneOf`, `nullable`...) stay.
 */
export function flattenSchema(node: SchemaNode | undefined, schemas: ShapeContext['schemas']): SchemaNode {
  const resolved = resolveSchema(node, schemas);
  if (!resolved.allOf) return resolved;
  const { allOf, ...rest } = resolved;
  const merged: SchemaNode = {};
  for (const part of [...allOf.map((child) => flattenSchema(child, schemas)), rest]) {
    const { properties, required, ...keywords } = part;
    Object.assign(merged, keywords);
    // A property two parts both describe must meet both descriptions.
    for (const [name, child] of Object.entries(properties ?? {})) {
      const earlier = merged.properties?.[name];
      merged.properties = { ...merged.properties, [name]: earlier ? { allOf: [earlier, child] } : child };
    }
    if (required) merged.required = [...new Set([...(merged.required ?? []), ...required])];
  }
  return merged;
}

/**
 * Whether null fits: OpenAPI 3.0.3 lets `nullable` add null to the types, but an `enum` must
 * list null itself.
 */
export function allowsNull(schema: SchemaNode): boolean {
  return schema.nullable === true && (schema.enum === undefined || schema.enum.includes(null));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(schema: SchemaNode): SchemaNode['type'] | undefined {
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

const FORMAT_SAMPLES: Record<string, (context: ShapeContext) => string> = {
  'date-time': (context) => context.now.toISOString(),
  date: (context) => context.now.toISOString().slice(0, 10),
  time: () => '00:00:00',
  'partial-time': () => '00:00:00',
  email: () => 'someone@example.com',
  uri: () => 'https://emulator.pagerduty.invalid/',
  url: () => 'https://emulator.pagerduty.invalid/',
  uuid: () => '00000000-0000-4000-8000-000000000000',
  tzinfo: () => 'Etc/UTC',
  'activesupport-time-zone': () => 'UTC',
};

const PATTERN_CANDIDATES = ['10.0.0.0/8', 'PXXXXXX', 'x', '0'];

function checkedPattern(pattern: string | undefined): RegExp | undefined {
  // The description writes some formats as patterns ("YYYY-MM-DDThh:mm:ssZ"): only anchored ones are patterns.
  if (pattern === undefined || !pattern.startsWith('^')) return undefined;
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/** Whether a string meets a schema's format, pattern and lengths. */
export function stringFits(schema: SchemaNode, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) return false;
  const pattern = checkedPattern(schema.pattern);
  return pattern === undefined || pattern.test(value);
}

function sampleString(schema: SchemaNode, context: ShapeContext, name: string | undefined): string {
  if (typeof schema.default === 'string' && stringFits(schema, schema.default)) return schema.default;
  const format = schema.format === undefined ? undefined : FORMAT_SAMPLES[schema.format];
  if (format) return format(context);
  const pattern = checkedPattern(schema.pattern);
  if (pattern) return PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate)) ?? '';
  const base = name === 'id' ? context.newId() : name === 'type' ? 'unknown' : 'string';
  const padded = base.padEnd(schema.minLength ?? 0, 'x');
  return schema.maxLength !== undefined ? padded.slice(0, schema.maxLength) : padded;
}

function sampleNumber(schema: SchemaNode): number {
  if (typeof schema.default === 'number') return schema.default;
  if (schema.minimum !== undefined) return Math.max(schema.minimum, Math.min(0, schema.maximum ?? 0));
  return schema.maximum !== undefined ? Math.min(0, schema.maximum) : 0;
}

function numberFits(schema: SchemaNode, value: number): boolean {
  if (schema.type === 'integer' && !Number.isInteger(value)) return false;
  return (schema.minimum ?? -Infinity) <= value && value <= (schema.maximum ?? Infinity);
}

/** The branch of a `oneOf`/`anyOf` a value is most likely meant for. */
function pickBranch(branches: SchemaNode[], value: unknown, context: ShapeContext): SchemaNode {
  const flat = branches.map((branch) => flattenSchema(branch, context.schemas));
  if (value === undefined) return flat[0];
  const typed = flat.filter((branch) => {
    const kind = kindOf(branch);
    if (kind === undefined) return true;
    if (kind === 'object') return isObject(value);
    if (kind === 'array') return Array.isArray(value);
    if (kind === 'integer' || kind === 'number') return typeof value === 'number';
    return typeof value === kind;
  });
  if (!isObject(value)) return typed[0] ?? flat[0];
  const meant = typed.find((branch) => {
    const type = branch.properties?.type;
    const typeEnum = type ? resolveSchema(type, context.schemas).enum : undefined;
    if (typeEnum && !typeEnum.includes(value.type)) return false;
    return (branch.required ?? []).every((name) => name in value);
  });
  return meant ?? typed[0] ?? flat[0];
}

function shapeObject(
  schema: SchemaNode,
  value: unknown,
  context: ShapeContext,
  depth: number,
  nulls: boolean,
): Record<string, unknown> {
  const given = isObject(value) ? value : {};
  const properties = schema.properties ?? {};
  const out: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(properties)) {
    if (given[name] !== undefined) {
      out[name] = shapeValue(property, given[name], context, depth + 1, name);
      continue;
    }
    const resolved = resolveSchema(property, context.schemas);
    if (nulls && allowsNull(resolved)) out[name] = null;
    else if (depth < MAX_DEPTH || required.has(name))
      out[name] = shapeValue(property, undefined, context, depth + 1, name);
  }
  // The description requires some properties it does not describe (`type` of an incident body).
  for (const name of required) if (!(name in out)) out[name] = given[name] ?? sampleString({}, context, name);
  // A free-form map (no declared properties) keeps what it was given.
  if (Object.keys(properties).length === 0 && schema.additionalProperties !== false) {
    const values = isObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
    for (const [name, child] of Object.entries(given))
      out[name] = values ? shapeValue(values, child, context, depth + 1, name) : child;
  }
  return out;
}

/**
 * A value that fits `node`: `value` where it fits, made up where it does not or is missing.
 *
 * @example
 * ```ts
 * shapeValue({ type: 'object', properties: { name: { type: 'string' }, note: { type: 'string', nullable: true } } },
 *   { name: 'web' }, context); // { name: 'web', note: null }
 * ```
 */
export function shapeValue(
  node: SchemaNode | undefined,
  value: unknown,
  context: ShapeContext,
  depth = 0,
  name?: string,
): unknown {
  let schema = flattenSchema(node, context.schemas);
  if (value === null && allowsNull(schema)) return null;
  const branches = schema.oneOf ?? schema.anyOf;
  // A oneOf branch's unsaid fields are made up, not null: with nulls it could fit every branch at once.
  const nulls = !branches;
  if (branches) {
    const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = schema;
    const branch = pickBranch(branches, value, context);
    schema = flattenSchema({ allOf: [rest, branch] }, context.schemas);
  }
  if (schema.enum) {
    if (schema.enum.includes(value)) return value;
    return schema.default !== undefined && schema.enum.includes(schema.default) ? schema.default : schema.enum[0];
  }
  switch (kindOf(schema)) {
    case 'object':
      return shapeObject(schema, value, context, depth, nulls);
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      const wanted = Math.max(items.length, schema.minItems ?? 0);
      const limited = schema.maxItems !== undefined ? Math.min(wanted, schema.maxItems) : wanted;
      return Array.from({ length: limited }, (_, index) => shapeValue(schema.items, items[index], context, depth + 1));
    }
    case 'string':
      return typeof value === 'string' && stringFits(schema, value) ? value : sampleString(schema, context, name);
    case 'integer':
    case 'number':
      return typeof value === 'number' && numberFits(schema, value) ? value : sampleNumber(schema);
    case 'boolean':
      return typeof value === 'boolean' ? value : typeof schema.default === 'boolean' ? schema.default : false;
    default:
      if (value !== undefined) return value;
      return schema.default !== undefined ? schema.default : allowsNull(schema) ? null : {};
  }
}
