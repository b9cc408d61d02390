/**
 * Checks a tool call's arguments against the tool's input schema the way PagerDuty's MCP server does: that
 * server is FastMCP, which validates with pydantic in lax mode (so `"5"` is a fine integer, a JSON string is
 * parsed for an object argument) and answers a misfit with a tool error whose text is pydantic's report:
 * `Error executing tool <name>: 1 validation error for <name>Arguments\n<field>\n  <message> [type=<code>, ...]`.
 *
 * One departure, on purpose: FastMCP ignores an unknown top-level argument, while models that say
 * `extra="forbid"` reject theirs; the emulator rejects both (as `extra_forbidden`), so that a misspelt
 * argument fails in a test instead of being silently dropped.
 *
 * @module
 */
import { isPlainObject } from '../../core/plain-object.js';

/** A JSON Schema, as the extract writes them. */
export interface Schema {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: readonly string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: readonly Schema[];
  enum?: readonly unknown[];
  const?: unknown;
  default?: unknown;
  $ref?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
}

/** One misfit, as pydantic reports it. */
export interface ArgumentIssue {
  /** Where: field names and list indexes. */
  loc: (string | number)[];
  /** pydantic's error type, e.g. `int_parsing`. */
  type: string;
  /** pydantic's message. */
  msg: string;
  /** The value that did not fit. */
  input: unknown;
}

/** The arguments with defaults filled in and lax values converted, or the misfits. */
export type ArgumentCheck = { ok: true; value: Record<string, unknown> } | { ok: false; issues: ArgumentIssue[] };

/** A value as Python's `repr` shows it (pydantic's `input_value`). */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (isPlainObject(value))
    return `{${Object.entries(value)
      .map(([key, item]) => `${pythonRepr(key)}: ${pythonRepr(item)}`)
      .join(', ')}}`;
  return String(value);
}

function pythonType(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (Array.isArray(value)) return 'list';
  return 'dict';
}

type Outcome = { ok: true; value: unknown } | { ok: false; issues: ArgumentIssue[] };

const fail = (loc: (string | number)[], type: string, msg: string, input: unknown): Outcome => ({
  ok: false,
  issues: [{ loc, type, msg, input }],
});

const literalList = (values: readonly unknown[]): string => {
  const shown = values.map(pythonRepr);
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}` : shown[0];
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Validates one value against one schema; `defs` resolves `$ref`. */
function check(
  value: unknown,
  schema: Schema,
  defs: Readonly<Record<string, Schema>>,
  loc: (string | number)[],
): Outcome {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/$defs/', '');
    const model = defs[name];
    if (!model) throw new Error(`no model ${name} in the extract`);
    if (!isPlainObject(value))
      return fail(loc, 'model_type', `Input should be a valid dictionary or instance of ${name}`, value);
    return check(value, model, defs, loc);
  }
  if (schema.anyOf) {
    const nullable = schema.anyOf.some((member) => member.type === 'null');
    if (nullable && value === null) return { ok: true, value };
    const members = schema.anyOf.filter((member) => member.type !== 'null');
    const outcomes = members.map((member) => check(value, { ...member, ...bounds(schema) }, defs, loc));
    const passed = outcomes.find((outcome) => outcome.ok);
    if (passed) return passed;
    // pydantic reports a nullable type's own errors; a real union, each member's (here: the first).
    return outcomes[0];
  }
  if ('const' in schema) {
    return value === schema.const
      ? { ok: true, value }
      : fail(loc, 'literal_error', `Input should be ${pythonRepr(schema.const)}`, value);
  }
  if (schema.enum) {
    return schema.enum.includes(value)
      ? { ok: true, value }
      : fail(loc, 'literal_error', `Input should be ${literalList(schema.enum)}`, value);
  }
  const scalar = checkScalar(value, schema, loc);
  if (scalar) return scalar.ok ? checkBounds(scalar.value, schema, loc) : scalar;
  if (schema.type === 'array') {
    if (!Array.isArray(value)) return fail(loc, 'list_type', 'Input should be a valid list', value);
    return collect(value.map((item, index) => check(item, schema.items ?? {}, defs, [...loc, index])));
  }
  if (schema.type === 'object') {
    if (!isPlainObject(value)) return fail(loc, 'dict_type', 'Input should be a valid dictionary', value);
    return checkObject(value, schema, defs, loc);
  }
  return { ok: true, value };
}

function bounds(schema: Schema): Schema {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength, maxLength } = schema;
  const all: Schema = { minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength, maxLength };
  return Object.fromEntries(Object.entries(all).filter(([, bound]) => bound !== undefined)) as Schema;
}

/** Strings, numbers and booleans, with pydantic's lax conversions; `undefined` for other types. */
function checkScalar(value: unknown, schema: Schema, loc: (string | number)[]): Outcome | undefined {
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return fail(loc, 'string_type', 'Input should be a valid string', value);
      if (schema.format === 'date-time' && !ISO_DATE_TIME.test(value))
        return fail(
          loc,
          'datetime_from_date_parsing',
          'Input should be a valid datetime or date, invalid character',
          value,
        );
      return { ok: true, value };
    case 'integer': {
      const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
      if (typeof value === 'string' && typeof number !== 'number')
        return fail(loc, 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer', value);
      if (typeof number !== 'number' || typeof value === 'boolean')
        return fail(loc, 'int_type', 'Input should be a valid integer', value);
      if (!Number.isInteger(number))
        return fail(
          loc,
          'int_from_float',
          'Input should be a valid integer, got a number with a fractional part',
          value,
        );
      return { ok: true, value: number };
    }
    case 'number': {
      const number =
        typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
      if (typeof value === 'string' && typeof number !== 'number')
        return fail(loc, 'float_parsing', 'Input should be a valid number, unable to parse string as a number', value);
      if (typeof number !== 'number') return fail(loc, 'float_type', 'Input should be a valid number', value);
      return { ok: true, value: number };
    }
    case 'boolean': {
      const truthy = ['true', '1', 'yes', 'on', 't', 'y'];
      const falsy = ['false', '0', 'no', 'off', 'f', 'n'];
      if (typeof value === 'boolean') return { ok: true, value };
      if (value === 0 || value === 1) return { ok: true, value: value === 1 };
      if (typeof value === 'string' && truthy.includes(value.toLowerCase())) return { ok: true, value: true };
      if (typeof value === 'string' && falsy.includes(value.toLowerCase())) return { ok: true, value: false };
      if (typeof value === 'string')
        return fail(loc, 'bool_parsing', 'Input should be a valid boolean, unable to interpret input', value);
      return fail(loc, 'bool_type', 'Input should be a valid boolean', value);
    }
    case 'null':
      return value === null ? { ok: true, value } : fail(loc, 'none_required', 'Input should be None', value);
    default:
      return undefined;
  }
}

function checkBounds(value: unknown, schema: Schema, loc: (string | number)[]): Outcome {
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum)
      return fail(loc, 'greater_than_equal', `Input should be greater than or equal to ${schema.minimum}`, value);
    if (schema.maximum !== undefined && value > schema.maximum)
      return fail(loc, 'less_than_equal', `Input should be less than or equal to ${schema.maximum}`, value);
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum)
      return fail(loc, 'greater_than', `Input should be greater than ${schema.exclusiveMinimum}`, value);
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum)
      return fail(loc, 'less_than', `Input should be less than ${schema.exclusiveMaximum}`, value);
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength)
      return fail(loc, 'string_too_short', `String should have at least ${schema.minLength} characters`, value);
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      return fail(loc, 'string_too_long', `String should have at most ${schema.maxLength} characters`, value);
  }
  return { ok: true, value };
}

function collect(outcomes: Outcome[]): Outcome {
  const issues = outcomes.flatMap((outcome) => (outcome.ok ? [] : outcome.issues));
  return issues.length
    ? { ok: false, issues }
    : { ok: true, value: outcomes.map((outcome) => outcome.ok && outcome.value) };
}

function checkObject(
  value: Readonly<Record<string, unknown>>,
  schema: Schema,
  defs: Readonly<Record<string, Schema>>,
  loc: (string | number)[],
): Outcome {
  const properties = schema.properties ?? {};
  const out: Record<string, unknown> = {};
  const issues: ArgumentIssue[] = [];
  for (const [name, property] of Object.entries(properties)) {
    if (value[name] === undefined) {
      if (schema.required?.includes(name))
        issues.push({ loc: [...loc, name], type: 'missing', msg: 'Field required', input: value });
      else if (property.default !== undefined) out[name] = property.default;
      continue;
    }
    const outcome = check(value[name], property, defs, [...loc, name]);
    if (outcome.ok) out[name] = outcome.value;
    else issues.push(...outcome.issues);
  }
  for (const [name, item] of Object.entries(value)) {
    if (name in properties) continue;
    if (schema.additionalProperties === false)
      issues.push({ loc: [...loc, name], type: 'extra_forbidden', msg: 'Extra inputs are not permitted', input: item });
    else out[name] = item;
  }
  return issues.length ? { ok: false, issues } : { ok: true, value: out };
}

/**
 * Checks a call's `arguments` against a tool's input schema (see the module comment).
 *
 * @example
 * ```ts
 * checkArguments({ limit: '5' }, schema, defs); // { ok: true, value: { limit: 5, ... } }
 * checkArguments({ limit: 'x' }, schema, defs); // { ok: false, issues: [{ loc: ['limit'], type: 'int_parsing' }] }
 * ```
 */
export function checkArguments(
  args: Readonly<Record<string, unknown>>,
  schema: Schema,
  defs: Readonly<Record<string, Schema>>,
): ArgumentCheck {
  const properties = schema.properties ?? {};
  // FastMCP's pre-parse: a JSON string given for an argument that is not a string is parsed.
  const parsed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) parsed[name] = preParse(value, properties[name]);
  const outcome = checkObject(parsed, { ...schema, additionalProperties: false }, defs, []);
  return outcome.ok ? { ok: true, value: outcome.value as Record<string, unknown> } : outcome;
}

function preParse(value: unknown, schema: Schema | undefined): unknown {
  if (typeof value !== 'string' || !schema || acceptsString(schema)) return value;
  try {
    const decoded: unknown = JSON.parse(value);
    return typeof decoded === 'object' && decoded !== null ? decoded : value;
  } catch {
    return value;
  }
}

function acceptsString(schema: Schema): boolean {
  if (schema.anyOf) return schema.anyOf.some(acceptsString);
  return schema.type === 'string' || (schema.enum?.some((value) => typeof value === 'string') ?? false);
}

/** pydantic's report of the misfits, as FastMCP returns it for `tool`. */
export function validationMessage(tool: string, issues: readonly ArgumentIssue[]): string {
  const count = `${issues.length} validation error${issues.length === 1 ? '' : 's'} for ${tool}Arguments`;
  const lines = issues.map(
    (issue) =>
      `${issue.loc.join('.')}\n  ${issue.msg} [type=${issue.type}, ` +
      `input_value=${pythonRepr(issue.input)}, input_type=${pythonType(issue.input)}]`,
  );
  return `Error executing tool ${tool}: ${[count, ...lines].join('\n')}`;
}
