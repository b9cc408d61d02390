/**
 * The emulator's MCP tools in listing order, and `tools/list` pages of
 * {@link TOOLS_PAGE_SIZE} with an opaque `nextCursor`.
 *
 * @module
 */
import { INCIDENT_TOOLS } from './mcp-incident-tools.js';
import { SLOW_REPORT_TOOL } from './mcp-slow-report.js';
import { DIRECTORY_TOOLS } from './mcp-directory-tools.js';
import { TOOL_ANNOTATIONS, ToolArgumentError, type EmulatorTool } from './mcp-tool.js';

/** Every tool, in listing order. */
export const EMULATOR_TOOLS: readonly EmulatorTool[] = [...INCIDENT_TOOLS, SLOW_REPORT_TOOL, ...DIRECTORY_TOOLS];

/** Tools per `tools/list` page: small, so that clients have to follow `nextCursor`. */
export const TOOLS_PAGE_SIZE = 3;

/** The tools a session sees: the read tools, and the write tools when they are enabled (as PagerDuty's server). */
export function enabledTools(writeTools: boolean): readonly EmulatorTool[] {
  return writeTools ? EMULATOR_TOOLS : EMULATOR_TOOLS.filter((tool) => tool.kind === 'read');
}

/** The enabled tool with this name, or `undefined`. */
export function findTool(name: string, writeTools = true): EmulatorTool | undefined {
  return enabledTools(writeTools).find((tool) => tool.name === name);
}

const encode = (offset: number): string => Buffer.from(`tools:${offset}`).toString('base64url');

function decode(cursor: unknown, count: number): number {
  if (cursor === undefined) return 0;
  const match = typeof cursor === 'string' ? /^tools:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString()) : null;
  const offset = match ? Number(match[1]) : NaN;
  if (!(offset > 0 && offset < count)) throw new ToolArgumentError('Invalid cursor');
  return offset;
}

/**
 * One `tools/list` result page.
 *
 * @throws ToolArgumentError for a cursor this server did not hand out
 * @example
 * ```ts
 * const first = toolsPage(undefined); // { tools: [3 tools], nextCursor: '...' }
 * const second = toolsPage(first.nextCursor); // the rest, no nextCursor
 * ```
 */
export function toolsPage(
  cursor: unknown,
  writeTools = true,
): { tools: Record<string, unknown>[]; nextCursor?: string } {
  const enabled = enabledTools(writeTools);
  const offset = decode(cursor, enabled.length);
  const tools = enabled.slice(offset, offset + TOOLS_PAGE_SIZE).map(({ name, description, inputSchema, kind }) => ({
    name,
    description,
    inputSchema,
    annotations: { ...TOOL_ANNOTATIONS[kind] },
  }));
  const next = offset + TOOLS_PAGE_SIZE;
  return next < enabled.length ? { tools, nextCursor: encode(next) } : { tools };
}
