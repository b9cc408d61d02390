// Stage: the emulator's table of REST operations and its compact schema extract
// (src/generated/emulator/) from descriptions/rest.json.
//
// The emulator answers every operation of the description; what it needs of each is small:
// method, path, success status, the query parameters and the schemas of the request body and
// of the success answer. Schemas keep only the keywords that decide what a value may be
// (types, properties, required, enums, formats, bounds, nullable, compositions), and refs are
// shortened to the schema's name, so the extract loads fast when the emulator starts.
import { generatedHeader } from './render-ts.js';
import type { Stage } from './index.js';
import type { JsonNode } from './openapi-schema.js';

const DIRECTORY = 'src/generated/emulator';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The schema keywords the emulator reads (everything else is left behind). */
const KEPT = new Set([
  'type',
  'properties',
  'items',
  'required',
  'enum',
  'format',
  'nullable',
  'allOf',
  'oneOf',
  'anyOf',
  'additionalProperties',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'pattern',
  'readOnly',
  'default',
]);

const SCHEMA_REF = '#/components/schemas/';

/**
 * The compact form of a schema: kept keywords only, `$ref`s to component schemas shortened
 * to their name, every other `$ref` resolved in place.
 */
export function compactSchema(schema: JsonNode, resolve: (ref: string) => JsonNode): JsonNode {
  if (!schema || typeof schema !== 'object') return schema;
  if (schema.$ref) {
    const name = schema.$ref.startsWith(SCHEMA_REF) ? schema.$ref.slice(SCHEMA_REF.length) : undefined;
    // A ref into a part of a schema (`Tag/allOf/0`) is copied in place: only whole schemas have names.
    if (name !== undefined && !name.includes('/')) return { $ref: name };
    return compactSchema(resolve(schema.$ref), resolve);
  }
  const out: Record<string, JsonNode> = {};
  for (const [key, value] of Object.entries<JsonNode>(schema)) {
    if (!KEPT.has(key)) continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries<JsonNode>(value).map(([name, child]) => [name, compactSchema(child, resolve)]),
      );
    } else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) {
      out[key] = compactSchema(value, resolve);
    } else if (key === 'allOf' || key === 'oneOf' || key === 'anyOf') {
      out[key] = value.map((child: JsonNode) => compactSchema(child, resolve));
    } else out[key] = value;
  }
  return out;
}

function resolver(extract: JsonNode) {
  // JSON pointers escape '/' as '~1' and '~' as '~0' (`.../content/application~1json/schema`).
  const unescape = (key: string) => key.replace(/~1/g, '/').replace(/~0/g, '~');
  return (ref: string) =>
    ref
      .split('/')
      .slice(1)
      .reduce((node: JsonNode, key: string) => node?.[unescape(key)], extract);
}

function deref(node: JsonNode, resolve: (ref: string) => JsonNode) {
  let current = node;
  while (current && current.$ref) current = resolve(current.$ref);
  return current;
}

/**
 * The emulator's view of each operation of the description, in the description's order.
 *
 * @param extract - the parsed descriptions/rest.json
 */
export function emulatorOperations(extract: JsonNode): object[] {
  const resolve = resolver(extract);
  const operations = [];
  for (const [path, item] of Object.entries<JsonNode>(extract.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => deref(p, resolve));
      const query = parameters
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => ({
          name: parameter.name,
          ...(parameter.required ? { required: true } : {}),
          schema: compactSchema(parameter.schema ?? {}, resolve),
        }));
      // Path parameters matter only where the description narrows them (an enum, a number).
      const pathChecks = parameters
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => ({ name: parameter.name, schema: compactSchema(parameter.schema ?? {}, resolve) }))
        .filter(({ schema }) => schema.enum || schema.type === 'integer' || schema.type === 'number');
      const names = new Set(query.map((parameter) => parameter.name.replace(/\[\]$/, '')));
      const success = Object.keys(operation.responses ?? {})
        .filter((code) => /^2\d\d$/.test(code))
        .sort();
      const status = success[0] === undefined ? undefined : Number(success[0]);
      const answer = success[0] === undefined ? undefined : deref(operation.responses[success[0]], resolve);
      const responseSchema = answer?.content?.['application/json']?.schema;
      const requestBody = deref(operation.requestBody, resolve);
      const bodySchema = requestBody?.content?.['application/json']?.schema;
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        ...(status === undefined ? {} : { status }),
        ...(responseSchema ? { response: compactSchema(responseSchema, resolve) } : {}),
        ...(bodySchema ? { body: compactSchema(bodySchema, resolve) } : {}),
        ...(requestBody?.required && bodySchema ? { bodyRequired: true } : {}),
        ...(query.length > 0 ? { query } : {}),
        ...(pathChecks.length > 0 ? { pathParameters: pathChecks } : {}),
        ...(names.has('cursor') ? { paging: 'cursor' } : names.has('offset') ? { paging: 'offset' } : {}),
      });
    }
  }
  return operations;
}

/**
 * The component schemas the operations reach, compacted.
 */
export function reachedSchemas(extract: JsonNode, operations: object[]): Record<string, JsonNode> {
  const resolve = resolver(extract);
  const all = extract.components?.schemas ?? {};
  const reached: Record<string, JsonNode> = {};
  const visit = (node: JsonNode) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string' && !(node.$ref in reached) && all[node.$ref]) {
      reached[node.$ref] = compactSchema(all[node.$ref], resolve);
      visit(reached[node.$ref]);
    }
    Object.values(node).forEach(visit);
  };
  visit(operations);
  return Object.fromEntries(
    Object.keys(reached)
      .sort()
      .map((name) => [name, reached[name]]),
  );
}

export const emulatorOperationsStage: Stage = Object.freeze<Stage>({
  name: 'emulator-operations',
  directories: [DIRECTORY],
  generate(context) {
    const extract = context.readDescription('rest');
    const operations = emulatorOperations(extract);
    const schemas = reachedSchemas(extract, operations);
    const header = generatedHeader(context.descriptionSource('rest'));
    // JSON.parse of one string literal loads several times faster than the same object literal.
    const literal = (value: JsonNode) => JSON.stringify(JSON.stringify(value));
    return [
      {
        path: `${DIRECTORY}/rest-operations.ts`,
        content: `${header}
/**
 * Every operation of the REST API v2, as the emulator answers it: method, path, success
 * status, query parameters, request and answer schemas (compact; refs name a schema of
 * \`rest-schemas.ts\`), and the pagination the operation declares.
 *
 * @module
 */
import type { EmulatedOperation } from '../../emulator/operations/operation-types.js';

/** The ${operations.length} operations, in the description's order. */
export const REST_OPERATIONS: readonly EmulatedOperation[] = JSON.parse(
  ${literal(operations)},
) as EmulatedOperation[];
`,
      },
      {
        path: `${DIRECTORY}/rest-schemas.ts`,
        content: `${header}
/**
 * The component schemas the REST API v2's operations reach, compact (the keywords that decide
 * what a value may be), by name.
 *
 * @module
 */
import type { SchemaNode } from '../../emulator/operations/operation-types.js';

/** The ${Object.keys(schemas).length} schemas, by name. */
export const REST_SCHEMAS: Readonly<Record<string, SchemaNode>> = JSON.parse(
  ${literal(schemas)},
) as Record<string, SchemaNode>;
`,
      },
    ];
  },
});
