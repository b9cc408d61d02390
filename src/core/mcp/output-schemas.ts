import { isPlainObject } from '../plain-object.js';
import type { McpCallToolResult } from './mcp-types.js';

/** The tools' output schemas after a `tools/list` page: a first page starts over, a later one adds. */
export function outputSchemasAfterPage(
  known: ReadonlyMap<string, object>,
  params: Readonly<Record<string, unknown>> | undefined,
  result: unknown,
): ReadonlyMap<string, object> {
  const tools = isPlainObject(result) && Array.isArray(result.tools) ? (result.tools as unknown[]) : [];
  const next = new Map(params?.cursor === undefined ? [] : known);
  for (const tool of tools) {
    if (isPlainObject(tool) && typeof tool.name === 'string' && isPlainObject(tool.outputSchema))
      next.set(tool.name, tool.outputSchema);
  }
  return next;
}

/**
 * What is wrong with a tool's result by its output schema (JSON Schema 2020-12, the MCP default);
 * none when it matches or is a tool error. The validator is @cfworker/json-schema: an interpreter,
 * no code generated with `new Function`, so it runs where that is forbidden (Cloudflare Workers,
 * strict CSP) as on Node. Loaded with the first check.
 */
export async function structuredContentProblems(schema: object, result: McpCallToolResult): Promise<string[]> {
  if (result.isError === true) return [];
  if (result.structuredContent === undefined)
    return ['the tool declares an outputSchema but returned no structuredContent'];
  const { Validator } = await import('@cfworker/json-schema');
  const outcome = new Validator(schema as never, '2020-12', false).validate(result.structuredContent);
  return outcome.valid ? [] : outcome.errors.map((error) => `${error.instanceLocation}: ${error.error}`);
}
