/**
 * The tools `/mcp` serves, chosen by the emulator's options: one of PagerDuty's sets (the repository server's
 * or the hosted one's, see `pagerduty-tools.ts`), its write tools only when enabled (as PagerDuty's server has
 * them only with `--enable-write-tools`), and the emulator's own `slow_report` only when asked for. Listed in
 * `tools/list` pages of {@link TOOLS_PAGE_SIZE} with an opaque `nextCursor`.
 *
 * @module
 */
import type { PagerDutyToolSet } from '../../core/mcp/pagerduty-tools.js';
import { SLOW_REPORT_TOOL } from './mcp-slow-report.js';
import { pagerDutyEmulatorTools } from './pagerduty-tools.js';
import { TOOL_ANNOTATIONS, ToolArgumentError, type EmulatorTool } from './mcp-tool.js';

/** Which tools a server serves. */
export interface ToolSelection {
  /** Whether the write tools are listed and callable. @default false */
  writeTools?: boolean;
  /** Which of PagerDuty's sets. @default 'repository' */
  toolSet?: PagerDutyToolSet;
  /** Whether `slow_report` (the emulator's own, to show progress and cancellation) is served too. @default false */
  demoTools?: boolean;
}

/** Tools per `tools/list` page: a page short of the whole set, so that clients have to follow `nextCursor`. */
export const TOOLS_PAGE_SIZE = 25;

/** The tools a session sees, in listing order. */
export function enabledTools(selection: ToolSelection = {}): readonly EmulatorTool[] {
  const tools = pagerDutyEmulatorTools(selection.toolSet ?? 'repository').filter(
    (tool) => selection.writeTools === true || tool.kind === 'read',
  );
  return selection.demoTools ? [...tools, SLOW_REPORT_TOOL] : tools;
}

/** The enabled tool with this name, or `undefined`. */
export function findTool(name: string, selection: ToolSelection = {}): EmulatorTool | undefined {
  return enabledTools(selection).find((tool) => tool.name === name);
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
 * const first = toolsPage(undefined); // { tools: [25 tools], nextCursor: '...' }
 * const second = toolsPage(first.nextCursor); // the next ones
 * ```
 */
export function toolsPage(
  cursor: unknown,
  selection: ToolSelection = {},
): { tools: Record<string, unknown>[]; nextCursor?: string } {
  const enabled = enabledTools(selection);
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
