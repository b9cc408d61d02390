/**
 * The MCP methods that may be sent again: they read, or (`initialize`) start a session
 * and act on nothing. Every other request (above all `tools/call`) may act, so the client
 * sends it at most once.
 *
 * @module
 */

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
