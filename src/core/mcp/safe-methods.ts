/**
 * The MCP requests that may be sent again: the methods that read, or (`initialize`)
 * start a session and act on nothing, and the calls of tools that the session's last
 * `tools/list` marked both read-only and idempotent. Every other request (any other
 * `tools/call` above all) may act, so the client sends it at most once.
 *
 * @module
 */
import { isPlainObject } from '../plain-object.js';

/** Methods that read only: retried like any idempotent request, and replayed on a new session after a 404. */
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

/**
 * Whether a method may be sent more than once.
 *
 * @example
 * ```ts
 * isSafeMcpMethod('tools/list'); // true
 * isSafeMcpMethod('tools/call'); // false
 * ```
 */
export function isSafeMcpMethod(method: string): boolean {
  return SAFE_MCP_METHODS.has(method);
}

/**
 * Whether a tool listed by `tools/list` may be called more than once: its annotations
 * say both `readOnlyHint: true` and `idempotentHint: true`. Hints are the server's word,
 * so anything short of both (absent, `false`, not a boolean) keeps the tool at most once.
 *
 * @example
 * ```ts
 * isRepeatableTool({ name: 'get_incident', annotations: { readOnlyHint: true, idempotentHint: true } }); // true
 * isRepeatableTool({ name: 'list_incidents', annotations: { readOnlyHint: true } }); // false
 * ```
 */
export function isRepeatableTool(tool: unknown): boolean {
  const annotations = isPlainObject(tool) ? tool.annotations : undefined;
  return isPlainObject(annotations) && annotations.readOnlyHint === true && annotations.idempotentHint === true;
}

/**
 * The repeatable tools after one page of `tools/list`: a first page (no `cursor`) starts
 * the set over, a later page adds to it. The set given is left as it was.
 *
 * @param params - the params the page was asked with
 * @param result - the page's result (`{ tools: [...] }`)
 * @example
 * ```ts
 * const tools = repeatableToolsAfterPage(new Set(), undefined, { tools: [{ name: 'get_incident', annotations: { readOnlyHint: true, idempotentHint: true } }] });
 * tools.has('get_incident'); // true
 * ```
 */
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

/**
 * Whether a request may be sent more than once: a safe method, or `tools/call` of a
 * tool in `repeatableTools`.
 *
 * @example
 * ```ts
 * mayRepeatRequest('tools/call', { name: 'get_incident' }, new Set(['get_incident'])); // true
 * mayRepeatRequest('tools/call', { name: 'resolve_incident' }, new Set(['get_incident'])); // false
 * ```
 */
export function mayRepeatRequest(
  method: string,
  params: Readonly<Record<string, unknown>> | undefined,
  repeatableTools: ReadonlySet<string>,
): boolean {
  if (isSafeMcpMethod(method)) return true;
  return method === 'tools/call' && typeof params?.name === 'string' && repeatableTools.has(params.name);
}
