import { isPlainObject } from '../plain-object.js';

// Requests that may be sent twice: reads, session starts, and tools the last `tools/list` marked
// read-only and idempotent. Anything else may act, so it goes at most once.
export const SAFE_MCP_METHODS: ReadonlySet<string> = new Set([
  'initialize',
  'ping',
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
]);

export function isSafeMcpMethod(method: string): boolean {
  return SAFE_MCP_METHODS.has(method);
}

// Hints are only the server's word: anything short of both set to `true` keeps a tool at most once.
export function isRepeatableTool(tool: unknown): boolean {
  const annotations = isPlainObject(tool) ? tool.annotations : undefined;
  return isPlainObject(annotations) && annotations.readOnlyHint === true && annotations.idempotentHint === true;
}

/** A first page (no `cursor`) starts the set over; a later page adds to it. */
export function repeatableToolsAfterPage(
  known: ReadonlySet<string>,
  params: Readonly<Record<string, unknown>> | undefined,
  result: unknown,
): ReadonlySet<string> {
  const tools = isPlainObject(result) && Array.isArray(result.tools) ? (result.tools as unknown[]) : [];
  const names = tools.filter(isRepeatableTool).map((tool) => (tool as { name: unknown }).name);
  const next = new Set(params?.cursor === undefined ? [] : known);
  for (const name of names) if (typeof name === 'string') next.add(name);
  return next;
}

export function mayRepeatRequest(
  method: string,
  params: Readonly<Record<string, unknown>> | undefined,
  repeatableTools: ReadonlySet<string>,
): boolean {
  if (isSafeMcpMethod(method)) return true;
  return method === 'tools/call' && typeof params?.name === 'string' && repeatableTools.has(params.name);
}
