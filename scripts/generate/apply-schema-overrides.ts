// Applying the reviewed schema overrides (schema-overrides.ts) to an extract before its
// types are written. Pure: the extract is copied, never changed.
//
// A row names its target and one change; the change states what the description says now
// (an enum's values, a property that must be undeclared, a name that must not be required),
// and the generator fails when that no longer holds, so a row cannot outlive the mistake it
// corrects: a newer description that fixes it makes the row fail, to be removed.
//
// Targets:
//   'schema <Name>'                    a component schema
//   'response <METHOD> <path> <status>' an inline JSON response schema (not a shared one)
//   'operation <METHOD> <path>'        an operation (for its query parameters)
// Changes (`change.kind`):
//   'enum'                 { property, from, to }: the property's enum, `from` -> `to`
//   'add-properties'       { properties }: declares undeclared properties (name -> schema)
//   'require'              { properties }: declared, not yet required names become required
//   'add-query-parameter'  { parameter }: a component parameter (`#/components/parameters/<name>`)
//                          the operation does not declare yet

import { resolveRef } from './openapi-schema.js';
import type { JsonNode } from './openapi-schema.js';

/** One change a schema override row makes. */
export type SchemaChange =
  | { kind: 'enum'; property: string; from: readonly string[]; to: readonly string[] }
  | { kind: 'add-properties'; properties: Readonly<Record<string, object>> }
  | { kind: 'require'; properties: readonly string[] }
  | { kind: 'add-query-parameter'; parameter: string };

export interface SchemaOverrideRow {
  /** A short stable name for the decision. */
  id: string;
  /** What it changes (see the module comment). */
  target: string;
  change: SchemaChange;
  /** Why the description is wrong there. */
  reason: string;
  /** Where the API's real behaviour is shown. */
  evidence: string;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function operationAt(extract: JsonNode, method: string, path: string, rowId: string) {
  if (!METHODS.has(method)) throw new Error(`schema override ${rowId}: unknown method ${method}`);
  const operation = extract.paths?.[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`schema override ${rowId}: ${method} ${path} is not an operation of the description`);
  return operation;
}

/**
 * The node a row's target designates inside `extract` (the node itself, not a copy).
 *
 * @param target - `'schema <Name>'`, `'response <METHOD> <path> <status>'` or `'operation <METHOD> <path>'`
 * @param rowId - for the error messages
 * @throws Error when the target designates nothing, or a shared schema through a response
 */
export function targetNode(extract: JsonNode, target: string, rowId: string = target): JsonNode {
  const [kind, ...rest] = target.split(' ');
  if (kind === 'schema' && rest.length === 1) {
    const node = extract.components?.schemas?.[rest[0]];
    if (!node) throw new Error(`schema override ${rowId}: no schema ${rest[0]}`);
    return node;
  }
  if (kind === 'operation' && rest.length === 2) return operationAt(extract, rest[0], rest[1], rowId);
  if (kind === 'response' && rest.length === 3) {
    const response = resolveRef(extract, operationAt(extract, rest[0], rest[1], rowId).responses?.[rest[2]]);
    const media = Object.entries<JsonNode>(response?.content ?? {}).find(([type]) => /json/i.test(type))?.[1];
    if (!media?.schema) throw new Error(`schema override ${rowId}: ${target} has no JSON schema`);
    if (media.schema.$ref)
      throw new Error(`schema override ${rowId}: ${target} is the shared ${media.schema.$ref}; target the schema`);
    return media.schema;
  }
  throw new Error(`schema override ${rowId}: cannot read target ${JSON.stringify(target)}`);
}

/** The inline nodes of a schema that declare properties: itself, else its inline allOf members. */
function declaringNodes(node: JsonNode) {
  if (node.properties) return [node];
  return (node.allOf ?? []).filter((member: JsonNode) => member && !member.$ref && member.properties);
}

/** Every property name a schema declares, through its allOf members (references followed). */
function declaredNames(extract: JsonNode, node: JsonNode, depth = 0) {
  const resolved = resolveRef(extract, node);
  if (!resolved || typeof resolved !== 'object' || depth > 20) return [];
  return [
    ...Object.keys(resolved.properties ?? {}),
    ...(resolved.allOf ?? []).flatMap((member: JsonNode) => declaredNames(extract, member, depth + 1)),
  ];
}

function applyEnum(extract: JsonNode, node: JsonNode, change: JsonNode, rowId: string) {
  const owner = declaringNodes(node).find((candidate: JsonNode) =>
    Object.hasOwn(candidate.properties, change.property),
  );
  const property = owner && resolveRef(extract, owner.properties[change.property]);
  if (!property) throw new Error(`schema override ${rowId}: ${change.property} is not declared inline`);
  if (JSON.stringify(property.enum) !== JSON.stringify(change.from)) {
    throw new Error(
      `schema override ${rowId}: the enum of ${change.property} is ${JSON.stringify(property.enum)}, ` +
        `not ${JSON.stringify(change.from)}: review the row`,
    );
  }
  property.enum = [...change.to];
}

function applyAddProperties(extract: JsonNode, node: JsonNode, change: JsonNode, rowId: string) {
  const declared = declaredNames(extract, node);
  const owners = declaringNodes(node);
  if (owners.length === 0) throw new Error(`schema override ${rowId}: no inline member declares properties`);
  for (const [name, schema] of Object.entries(change.properties)) {
    if (declared.includes(name))
      throw new Error(`schema override ${rowId}: ${name} is declared already: review the row`);
    owners[owners.length - 1].properties[name] = structuredClone(schema);
  }
}

function applyRequire(extract: JsonNode, node: JsonNode, change: JsonNode, rowId: string) {
  for (const name of change.properties) {
    const owner = declaringNodes(node).find((candidate: JsonNode) => Object.hasOwn(candidate.properties, name));
    if (!owner) throw new Error(`schema override ${rowId}: ${name} is not declared inline`);
    if ((owner.required ?? []).includes(name))
      throw new Error(`schema override ${rowId}: ${name} is required already: review the row`);
    owner.required = [...(owner.required ?? []), name];
  }
}

function applyAddQueryParameter(extract: JsonNode, operation: JsonNode, change: JsonNode, rowId: string) {
  const parameter = extract.components?.parameters?.[change.parameter];
  if (!parameter || parameter.in !== 'query')
    throw new Error(`schema override ${rowId}: no query parameter component ${change.parameter}`);
  const declared = (operation.parameters ?? []).map((raw: JsonNode) => resolveRef(extract, raw));
  if (declared.some((other: JsonNode) => other.in === 'query' && other.name === parameter.name)) {
    throw new Error(`schema override ${rowId}: the operation declares ${parameter.name} already: review the row`);
  }
  operation.parameters = [...(operation.parameters ?? []), { $ref: `#/components/parameters/${change.parameter}` }];
}

const APPLY = {
  enum: applyEnum,
  'add-properties': applyAddProperties,
  require: applyRequire,
  'add-query-parameter': applyAddQueryParameter,
};

/**
 * Applies one row to `extract` itself: for a copy the caller owns. The row's premise is
 * checked before anything is changed, so a refused row leaves the extract as it was.
 *
 * @throws Error as {@link applySchemaOverrides}
 */
export function applySchemaOverrideRow(extract: JsonNode, row: SchemaOverrideRow) {
  for (const field of ['reason', 'evidence'] as const) {
    if (typeof row[field] !== 'string' || row[field].trim() === '')
      throw new Error(`schema override ${row.id} has no ${field}`);
  }
  const apply = APPLY[row.change?.kind];
  if (!apply) throw new Error(`schema override ${row.id}: unknown change ${JSON.stringify(row.change?.kind)}`);
  if ((row.change.kind === 'add-query-parameter') !== String(row.target).startsWith('operation ')) {
    throw new Error(
      `schema override ${row.id}: a query parameter goes on an operation target, ` +
        'the other changes on a schema or response',
    );
  }
  apply(extract, targetNode(extract, row.target, row.id), row.change, row.id);
}

/**
 * A copy of the extract with every row applied, in order.
 *
 * @param extract - a parsed facts-only extract
 * @throws Error for a row with a repeated id, no reason or evidence, an unknown target or
 *   change, or one whose premise the description no longer holds
 */
export function applySchemaOverrides<T extends object>(extract: T, rows: readonly SchemaOverrideRow[]): T {
  const out = structuredClone(extract);
  const ids = new Set();
  for (const row of rows) {
    if (typeof row.id !== 'string' || ids.has(row.id))
      throw new Error(`schema override id ${JSON.stringify(row.id)} is missing or repeated`);
    ids.add(row.id);
    applySchemaOverrideRow(out, row);
  }
  return out;
}
