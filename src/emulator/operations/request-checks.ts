/**
 * What the description refuses in a request: a path value or query parameter of the wrong
 * type or outside its enum, a required one missing, a body that does not fit its schema.
 * Pure: each check returns one sentence per problem (none: the request passes).
 *
 * @module
 */
import type { EmulatedOperation, QueryParameter, SchemaNode } from './operation-types.js';
import { allowsNull, flattenSchema, resolveSchema, stringFits } from './schema-shapes.js';

type Schemas = Readonly<Record<string, SchemaNode>>;

/** More problems than this are not worth listing. */
const MAX_PROBLEMS = 10;

function textFits(schema: SchemaNode, text: string): boolean {
  switch (schema.type) {
    case 'integer':
      return /^-?\d+$/.test(text);
    case 'number':
      return text.trim() !== '' && !Number.isNaN(Number(text));
    case 'boolean':
      return text === 'true' || text === 'false';
    default:
      return schema.enum === undefined || schema.enum.map(String).includes(text);
  }
}

function parameterProblems(parameter: QueryParameter, values: string[], schemas: Schemas, where: string): string[] {
  const schema = resolveSchema(parameter.schema, schemas);
  const item = schema.type === 'array' ? resolveSchema(schema.items, schemas) : schema;
  const wrong = values.filter((value) => !textFits(item, value));
  return wrong.length === 0 ? [] : [`${where} ${parameter.name} has an invalid value: ${wrong.join(', ')}`];
}

/** The problems of the path values and the query string. */
export function parameterChecks(
  operation: EmulatedOperation,
  params: Readonly<Record<string, string>>,
  query: URLSearchParams,
  schemas: Schemas,
): string[] {
  const problems: string[] = [];
  for (const parameter of operation.pathParameters ?? [])
    problems.push(...parameterProblems(parameter, [params[parameter.name] ?? ''], schemas, 'Path parameter'));
  for (const parameter of operation.query ?? []) {
    const bare = parameter.name.replace(/\[\]$/, '');
    const values = [...query.getAll(bare), ...query.getAll(`${bare}[]`)];
    if (values.length === 0) {
      if (parameter.required) problems.push(`Query parameter ${parameter.name} is required`);
      continue;
    }
    problems.push(...parameterProblems(parameter, values, schemas, 'Query parameter'));
  }
  return problems;
}

function typeFits(schema: SchemaNode, value: unknown): boolean {
  switch (schema.type ?? (schema.properties ? 'object' : undefined)) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

function valueProblems(node: SchemaNode | undefined, value: unknown, where: string, schemas: Schemas): string[] {
  const schema = flattenSchema(node, schemas);
  if (value === null) return allowsNull(schema) || schema.type === undefined ? [] : [`${where} must not be null`];
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches && !branches.some((branch) => valueProblems(branch, value, where, schemas).length === 0))
    return [`${where} matches none of the shapes it may take`];
  if (!typeFits(schema, value))
    return [`${where} must be ${/^[aeiou]/.test(schema.type ?? '') ? 'an' : 'a'} ${schema.type}`];
  if (schema.enum && !schema.enum.includes(value)) return [`${where} must be one of ${schema.enum.join(', ')}`];
  if (typeof value === 'string' && !stringFits(schema, value))
    return [`${where} is not a valid ${schema.format ?? 'value'}`];
  if (Array.isArray(value))
    return value.flatMap((item, index) => valueProblems(schema.items, item, `${where}[${index}]`, schemas));
  if (typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const properties = schema.properties ?? {};
  const problems: string[] = [];
  for (const name of schema.required ?? []) {
    // A read-only property is the server's to fill: required in answers only.
    if (record[name] === undefined && !resolveSchema(properties[name], schemas).readOnly)
      problems.push(`${where}.${name} is required`);
  }
  for (const [name, child] of Object.entries(record)) {
    if (properties[name]) problems.push(...valueProblems(properties[name], child, `${where}.${name}`, schemas));
    else if (schema.additionalProperties === false) problems.push(`${where}.${name} is not allowed`);
  }
  return problems;
}

/** The problems of the JSON body. */
export function bodyChecks(operation: EmulatedOperation, body: unknown, schemas: Schemas): string[] {
  if (body === undefined) return operation.bodyRequired ? ['A request body is required'] : [];
  if (!operation.body) return [];
  return valueProblems(operation.body, body, 'body', schemas).slice(0, MAX_PROBLEMS);
}
