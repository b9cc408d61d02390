/**
 * Python type annotations to JSON Schema, as pydantic 2 writes them for FastMCP's `inputSchema`: `X | None` is
 * `anyOf [X, null]`, `Literal[...]` an `enum`, a model a `$ref` into `$defs`, `datetime` a `date-time` string.
 * Also records, per model, whether it forbids extra fields (pydantic's `extra="forbid"`), which the emulator's
 * validator needs and JSON Schema says as `additionalProperties: false`.
 *
 * @module
 */
import { splitTop, pythonLiteral } from './mcp-python-source.js';
import type { PythonClass, PythonField } from './mcp-python-source.js';
import type { JsonNode } from './openapi-schema.js';

const SCALARS: Record<string, JsonNode> = {
  str: { type: 'string' },
  int: { type: 'integer' },
  float: { type: 'number' },
  bool: { type: 'boolean' },
  datetime: { type: 'string', format: 'date-time' },
  date: { type: 'string', format: 'date' },
  Any: {},
  object: {},
  None: { type: 'null' },
  dict: { type: 'object', additionalProperties: true },
  list: { type: 'array', items: {} },
};

/** `Name[args]` → `{ head, args }`; a bare name → `{ head, args: [] }`. */
function generic(text: string) {
  const at = text.indexOf('[');
  if (at < 0 || !text.endsWith(']')) return { head: text, args: [] };
  return { head: text.slice(0, at).trim(), args: splitTop(text.slice(at + 1, -1)) };
}

const strip = (text: string) => {
  let value = text.trim();
  while (value.startsWith('(') && value.endsWith(')')) value = value.slice(1, -1).trim();
  return value;
};

/** Builds schemas over one set of models and aliases, collecting the `$defs` it refers to. */
export class SchemaBuilder {
  private readonly world: {
    classes: Record<string, PythonClass>;
    aliases: Record<string, string>;
    constants: Record<string, number>;
  };

  constructor(world: {
    classes: Record<string, PythonClass>;
    aliases: Record<string, string>;
    constants: Record<string, number>;
  }) {
    this.world = world;
  }

  /** The schema of a type annotation; models land in `defs`. */
  type(annotation: string, defs: JsonNode): JsonNode {
    const text = strip(annotation);
    const union = splitTop(text, '|');
    if (union.length > 1) return this.union(union, defs);
    const { head, args } = generic(text);
    if (head === 'Optional') return this.union([args[0], 'None'], defs);
    if (head === 'Union') return this.union(args, defs);
    if (head === 'Annotated') return this.type(args[0], defs);
    if (head === 'Literal') {
      const values = args.map((arg) => pythonLiteral(arg, this.world.constants));
      const kind = values.every((value) => typeof value === 'string') ? 'string' : undefined;
      return values.length === 1
        ? { const: values[0], ...(kind ? { type: kind } : {}) }
        : { enum: values, ...(kind ? { type: kind } : {}) };
    }
    if (head === 'list' || head === 'List' || head === 'Sequence' || head === 'set') {
      return { type: 'array', items: args.length ? this.type(args[0], defs) : {} };
    }
    if (head === 'dict' || head === 'Dict') {
      const value = args.length === 2 ? this.type(args[1], defs) : {};
      return { type: 'object', additionalProperties: Object.keys(value).length === 0 ? true : value };
    }
    if (head in SCALARS) return { ...SCALARS[head] };
    if (head in this.world.aliases) return this.type(this.world.aliases[head], defs);
    if (head in this.world.classes) {
      this.model(head, defs);
      return { $ref: `#/$defs/${head}` };
    }
    throw new Error(`unknown type ${annotation}`);
  }

  union(members: JsonNode, defs: JsonNode) {
    const schemas = members.map((member: JsonNode) => this.type(member, defs));
    const flat = schemas.flatMap((schema: JsonNode) => (schema.anyOf ? schema.anyOf : [schema]));
    return { anyOf: flat };
  }

  /** The fields of a model and its model bases, parents first, as pydantic orders them. */
  fields(name: string): PythonField[] {
    const model = this.world.classes[name];
    const inherited = model.bases.flatMap((base: string): PythonField[] => {
      const list = /^ListResponseModel\[(\w+)\]$/.exec(base);
      // The generic base's fields: `response: list[T]` and the computed `response_summary`.
      if (list)
        return [
          { name: 'response', type: `list[${list[1]}]`, required: true, bounds: {} },
          { name: 'response_summary', type: 'str', required: true, bounds: {} },
        ];
      return base in this.world.classes ? this.fields(base) : [];
    });
    const own = new Map([...inherited, ...model.fields].map((field) => [field.name, field]));
    return [...own.values()];
  }

  extra(name: string): string {
    const model = this.world.classes[name];
    if (model.extra) return model.extra;
    const base = model.bases.find((candidate: string) => candidate in this.world.classes);
    return base ? this.extra(base) : 'ignore';
  }

  /** Adds a model's schema to `defs` (once). */
  model(name: string, defs: JsonNode) {
    if (defs[name]) return;
    defs[name] = {};
    defs[name] = this.object(this.fields(name), defs, this.extra(name));
  }

  /** An object schema from fields `{ name, type, required, default?, bounds }`. */
  object(fields: JsonNode, defs: JsonNode, extra: string) {
    const properties: Record<string, JsonNode> = {};
    const required = [];
    for (const field of fields) {
      const schema = { ...this.type(field.type, defs), ...field.bounds };
      if (!field.required && field.default !== undefined) schema.default = field.default;
      properties[field.name] = schema;
      if (field.required) required.push(field.name);
    }
    return {
      type: 'object',
      properties,
      ...(required.length ? { required } : {}),
      ...(extra === 'forbid' ? { additionalProperties: false } : {}),
    };
  }

  /** A tool's `inputSchema`: its parameters as one object; the models it uses land in `defs`. */
  tool(parameters: JsonNode, defs: JsonNode) {
    const fields = parameters.map((parameter: JsonNode) => ({
      name: parameter.name,
      type: parameter.type,
      required: !('default' in parameter),
      default: parameter.default,
      bounds: {},
    }));
    return this.object(fields, defs, 'ignore');
  }

  /** A result's schema (the return annotation); `str`/`dict` results are free-form. */
  result(annotation: string, defs: JsonNode) {
    const { head, args } = generic(strip(annotation));
    let schema;
    if (head === 'ListResponseModel')
      schema = {
        type: 'object',
        properties: {
          response: { type: 'array', items: this.type(args[0], defs) },
          response_summary: { type: 'string' },
        },
        required: ['response', 'response_summary'],
      };
    else schema = this.type(annotation, defs);
    return schema;
  }
}
