// A survey of the REST API v2 description for the mistakes that make the generated types
// refuse correct code, read from the committed extract (descriptions/rest.json) and the
// shapes of its own examples (descriptions/rest.example-shapes.json):
//   a  an enum whose value lists several values in one string ("all, any", "a|b")
//   b  a field an example of a request or success response holds that the schema does not declare
//   c  a `required` list contradicted by the examples: a required field absent from an example
//      (c-absent), or a top-level field in every example of a response, the entity wrapper or
//      list key the client reads, declared but not required (c-always)
// Each finding is marked fixed when the reviewed schema overrides (schema-overrides.ts)
// remove it. Pure functions, and a command that prints the findings as a table:
//
//   npx tsx scripts/generate/survey-description.ts [--all]   (--all: every finding, not only the left ones)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applySchemaOverrides } from './apply-schema-overrides.js';
import { PROJECT_ROOT } from './index.js';
import { deriveOperation } from './operation-facts.js';
import { operationsOf, resolveRef } from './openapi-schema.js';
import { SCHEMA_OVERRIDES } from './schema-overrides.js';
import type { SchemaOverrideRow } from './apply-schema-overrides.js';
import type { JsonNode } from './openapi-schema.js';

/** `where`: the component schema (`schema Incident`) or the request/response the field is in. */
export interface Finding {
  kind: 'a' | 'b' | 'c-absent' | 'c-always';
  where: string;
  field: string;
}

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/** Findings of class a: every enum value that lists several values. */
export function multiValueEnums(extract: JsonNode): Finding[] {
  const found: Finding[] = [];
  const walk = (node: JsonNode, where: string, field: string) => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, where, field));
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node.enum)) {
      for (const value of node.enum)
        if (typeof value === 'string' && /,\s*\S|\s\|\s|\w\|\w/.test(value)) found.push({ kind: 'a', where, field });
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'properties' && child && typeof child === 'object') {
        for (const [name, schema] of Object.entries(child)) walk(schema, where, name);
      } else walk(child, where, field);
    }
  };
  for (const [name, schema] of Object.entries(extract.components?.schemas ?? {})) walk(schema, `schema ${name}`, '');
  for (const [name, parameter] of Object.entries<JsonNode>(extract.components?.parameters ?? {}))
    walk(parameter, `parameter ${name}`, parameter.name);
  for (const [path, item] of Object.entries<JsonNode>(extract.paths ?? {})) {
    for (const [method, operation] of Object.entries<JsonNode>(item))
      walk(operation, `${method.toUpperCase()} ${path}`, '');
  }
  return found;
}

/** The object view of a schema for one example: its properties and required names, alternatives merged. */
interface ExampleView {
  properties: Record<string, JsonNode>;
  /** The component schema that declares each property, where one does. */
  owners: Record<string, string | undefined>;
  required: string[];
  open: boolean;
  alternatives: boolean;
}

function view(extract: JsonNode, schema: JsonNode, depth = 0): ExampleView {
  const node = resolveRef(extract, schema);
  const out: ExampleView = { properties: {}, owners: {}, required: [], open: false, alternatives: false };
  if (!node || typeof node !== 'object' || depth > 24) return { ...out, open: true };
  const owner =
    typeof schema?.$ref === 'string' && SCHEMA_REF.test(schema.$ref) ? SCHEMA_REF.exec(schema.$ref)![1] : undefined;
  for (const member of node.allOf ?? []) merge(out, view(extract, member, depth + 1), false);
  for (const member of node.oneOf ?? node.anyOf ?? []) merge(out, view(extract, member, depth + 1), true);
  if (node.oneOf || node.anyOf) out.alternatives = true;
  for (const [name, property] of Object.entries<JsonNode>(node.properties ?? {})) {
    out.properties[name] = Object.hasOwn(out.properties, name) ? { allOf: [out.properties[name], property] } : property;
    out.owners[name] = owner;
  }
  out.required.push(...(node.required ?? []));
  if (node.additionalProperties || (!node.properties && !node.allOf && !node.oneOf && !node.anyOf)) out.open = true;
  if (owner) for (const name of Object.keys(out.owners)) out.owners[name] ??= owner;
  return out;
}

function merge(into: ExampleView, from: ExampleView, alternative: boolean) {
  // A property two members declare is both schemas at once (allOf), each declaring fields.
  for (const [name, property] of Object.entries(from.properties)) {
    into.properties[name] = Object.hasOwn(into.properties, name)
      ? { allOf: [into.properties[name], property] }
      : property;
  }
  for (const [name, owner] of Object.entries(from.owners)) into.owners[name] ??= owner;
  if (!alternative) into.required.push(...from.required);
  into.open ||= from.open;
  into.alternatives ||= from.alternatives || alternative;
}

/** Findings of classes b and c-absent: one example's shape against its schema. */
function compareShape(
  extract: JsonNode,
  schema: JsonNode,
  shape: JsonNode,
  where: string,
  path: string,
  found: Finding[],
) {
  const node = resolveRef(extract, schema);
  if (!node || typeof node !== 'object' || typeof shape !== 'object' || shape === null) return;
  if (Array.isArray(shape)) {
    if (node.items)
      for (const item of shape) compareShape(extract, node.items, item, where, `${path.replace(/\.$/, '')}[].`, found);
    return;
  }
  const seen = view(extract, schema);
  const at = (name: string, owner: string | undefined) =>
    owner ? { where: `schema ${owner}`, field: name } : { where, field: `${path}${name}` };
  if (!seen.open) {
    for (const name of Object.keys(shape)) {
      if (!Object.hasOwn(seen.properties, name)) found.push({ kind: 'b', ...at(name, ownerOf(schema)) });
    }
  }
  if (!seen.alternatives) {
    for (const name of new Set(seen.required))
      if (!Object.hasOwn(shape, name)) found.push({ kind: 'c-absent', ...at(name, seen.owners[name]) });
  }
  for (const [name, child] of Object.entries(shape)) {
    if (Object.hasOwn(seen.properties, name))
      compareShape(extract, seen.properties[name], child, where, `${path}${name}.`, found);
  }
}

function ownerOf(schema: JsonNode) {
  return typeof schema?.$ref === 'string' && SCHEMA_REF.test(schema.$ref)
    ? SCHEMA_REF.exec(schema.$ref)![1]
    : undefined;
}

function jsonSchemaOf(extract: JsonNode, holder: string) {
  const content = resolveRef(extract, holder)?.content ?? {};
  const type = Object.keys(content).find((name) => /json/i.test(name));
  return type === undefined ? undefined : content[type].schema;
}

/** Findings of classes b, c-absent and c-always: the examples of every request and success response. */
export function exampleFindings(extract: JsonNode, shapes: JsonNode): Finding[] {
  const found: Finding[] = [];
  // The wrappers as the description implies them (the table overrides name operations of the real extract only).
  const wrappers = new Map(
    operationsOf(extract)
      .map((entry) => deriveOperation(extract, entry))
      .map((operation) => [`${operation.method} ${operation.path}`, [operation.responseWrapper, operation.listKey]]),
  );
  for (const [key, examples] of Object.entries<JsonNode>(shapes.requests ?? {})) {
    const [method, path] = key.split(' ');
    const schema = jsonSchemaOf(extract, extract.paths[path]?.[method.toLowerCase()]?.requestBody);
    if (schema) for (const shape of examples) compareShape(extract, schema, shape, `request ${key}`, '', found);
  }
  for (const [key, examples] of Object.entries<JsonNode>(shapes.responses ?? {})) {
    const [method, path, status] = key.split(' ');
    const schema = jsonSchemaOf(extract, extract.paths[path]?.[method.toLowerCase()]?.responses?.[status]);
    if (!schema) continue;
    for (const shape of examples) compareShape(extract, schema, shape, `response ${key}`, '', found);
    const seen = view(extract, schema);
    for (const name of (wrappers.get(`${method} ${path}`) ?? []).filter((wrapper) => wrapper !== null)) {
      const always = examples.every(
        (shape: JsonNode) => shape && typeof shape === 'object' && !Array.isArray(shape) && Object.hasOwn(shape, name),
      );
      if (always && Object.hasOwn(seen.properties, name) && !seen.required.includes(name))
        found.push({ kind: 'c-always', where: `response ${key}`, field: name });
    }
  }
  return found;
}

const keyOf = (finding: Finding) => `${finding.kind} ${finding.where} ${finding.field}`;

function unique(findings: readonly Finding[]): Finding[] {
  return [...new Map(findings.map((finding) => [keyOf(finding), finding])).values()];
}

/**
 * Every finding of the survey, with whether the reviewed schema overrides fix it.
 *
 * @param extract - descriptions/rest.json, parsed
 * @param shapes - descriptions/rest.example-shapes.json, parsed
 */
export function surveyDescription(
  extract: JsonNode,
  shapes: JsonNode,
  rows: readonly SchemaOverrideRow[] = SCHEMA_OVERRIDES,
): Array<Finding & { fixed: boolean }> {
  const all = (source: JsonNode) => unique([...multiValueEnums(source), ...exampleFindings(source, shapes)]);
  const left = new Set(all(applySchemaOverrides(extract, rows)).map(keyOf));
  return all(extract).map((finding) => ({ ...finding, fixed: !left.has(keyOf(finding)) }));
}

function main(argv: string[]) {
  const read = (name: string) => JSON.parse(readFileSync(join(PROJECT_ROOT, 'descriptions', name), 'utf8'));
  const findings = surveyDescription(read('rest.json'), read('rest.example-shapes.json'));
  const shown = argv.includes('--all') ? findings : findings.filter((finding) => !finding.fixed);
  const lines = ['| class | where | field | fixed |', '|---|---|---|---|'];
  for (const finding of shown)
    lines.push(`| ${finding.kind} | ${finding.where} | ${finding.field || '-'} | ${finding.fixed ? 'yes' : 'no'} |`);
  const counts: Record<string, JsonNode> = {};
  for (const finding of findings) {
    counts[finding.kind] ??= { found: 0, fixed: 0 };
    counts[finding.kind].found += 1;
    if (finding.fixed) counts[finding.kind].fixed += 1;
  }
  lines.push('', '| class | found | fixed | left |', '|---|---|---|---|');
  for (const [kind, { found, fixed }] of Object.entries<JsonNode>(counts))
    lines.push(`| ${kind} | ${found} | ${fixed} | ${found - fixed} |`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
