// Sample JSON values built from an OpenAPI schema, and a check of a value's top level
// against a schema: what a mock that answers and validates by the description does, in a
// few lines (not a test file itself).
import { objectView, resolveRef, valueKind } from '../../scripts/generate/openapi-schema.js';

type Schema = Record<string, unknown>;

/**
 * A value the schema accepts, with every declared property (nested objects and lists to a
 * small depth): enums give their first value, lists one item, `oneOf`/`anyOf` their first
 * member.
 */
export function sampleOf(extract: object, schema: unknown, depth = 0): unknown {
  const node = resolveRef(extract, schema) as Schema | undefined;
  if (!node || typeof node !== 'object') return {};
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  const choices = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
  if (Array.isArray(choices) && choices.length > 0 && !node.properties && !node.allOf)
    return sampleOf(extract, choices[0], depth);
  const kind = valueKind(extract, node);
  if (kind === 'array') return depth > 4 ? [] : [sampleOf(extract, node.items, depth + 1)];
  if (kind === 'string') return node.format === 'date-time' ? '2024-01-01T00:00:00Z' : 'x';
  if (kind === 'integer' || kind === 'number') return 1;
  if (kind === 'boolean') return true;
  if (depth > 4) return {};
  const view = objectView(extract, node);
  return Object.fromEntries(
    Object.entries(view.properties).map(([name, inner]) => [name, sampleOf(extract, inner, depth + 1)]),
  );
}

/**
 * What is wrong with the top level of `value` for `schema`: a missing required property,
 * an undeclared one (the sign of a wrong wrapper), or a property of the wrong kind. A
 * schema that is a choice (`oneOf`) accepts a value that one of its members accepts.
 */
export function topLevelProblems(extract: object, schema: unknown, value: unknown): string[] {
  const node = resolveRef(extract, schema) as Schema | undefined;
  if (!node || typeof node !== 'object') return [];
  const choices = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
  if (Array.isArray(choices) && !node.properties && !node.allOf) {
    const results = choices.map((choice) => topLevelProblems(extract, choice, value));
    return results.some((problems) => problems.length === 0) ? [] : results[0];
  }
  const kind = valueKind(extract, node);
  if (kind === 'array') return Array.isArray(value) ? [] : [`expected a list, got ${describe(value)}`];
  if (kind !== 'object') return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [`expected an object, got ${describe(value)}`];
  const view = objectView(extract, node);
  const declared = Object.keys(view.properties);
  const problems: string[] = [];
  for (const name of view.required) if (!(name in value)) problems.push(`required "${name}" is missing`);
  if (declared.length > 0 && node.additionalProperties === undefined) {
    for (const name of Object.keys(value))
      if (!declared.includes(name)) problems.push(`"${name}" is not declared (declared: ${declared.join(', ')})`);
  }
  for (const [name, inner] of Object.entries(value as Record<string, unknown>)) {
    if (!declared.includes(name)) continue;
    const expected = valueKind(extract, view.properties[name]);
    if (!kindMatches(expected, inner)) problems.push(`"${name}" should be ${expected}, got ${describe(inner)}`);
  }
  return problems;
}

function kindMatches(kind: string, value: unknown): boolean {
  switch (kind) {
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
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

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? `an object with keys ${Object.keys(value).join(', ') || '(none)'}` : typeof value;
}
