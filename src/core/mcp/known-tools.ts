/**
 * Whether a server's tool list is one of PagerDuty's known sets (see `pagerduty-tools.ts`), so that a renamed or
 * dropped tool is noticed: `McpApiClient` warns once when a list that shares names with a known set differs
 * from it. Write tools missing is no difference (PagerDuty's server lists them only when enabled).
 *
 * @module
 */
import {
  hostedTools,
  PAGERDUTY_MCP_SERVER_VERSION,
  repositoryTools,
  type PagerDutyToolFact,
} from './pagerduty-tools.js';

const MOST_SHOWN = 8;

function shown(names: readonly string[]): string {
  const head = names.slice(0, MOST_SHOWN).join(', ');
  return names.length > MOST_SHOWN ? `${head} and ${names.length - MOST_SHOWN} more` : head;
}

/**
 * How `names` differ from the known set they share most names with, as one sentence; `undefined` when they do
 * not differ, or share no name with either set (not PagerDuty's server).
 *
 * @example
 * ```ts
 * toolSetDifference(['list_incidents', 'list_incidents_v2']);
 * // "the server's tools differ from PagerDuty's repository set (pagerduty-mcp-server 1.1.0): unknown ..."
 * ```
 */
export function toolSetDifference(names: readonly string[]): string | undefined {
  const listed = new Set(names);
  const sets: [string, readonly PagerDutyToolFact[]][] = [
    ['repository', repositoryTools()],
    ['hosted', hostedTools()],
  ];
  const overlap = (tools: readonly PagerDutyToolFact[]) => tools.filter((tool) => listed.has(tool.name)).length;
  const [name, tools] = sets.reduce((best, candidate) => (overlap(candidate[1]) > overlap(best[1]) ? candidate : best));
  if (overlap(tools) === 0) return undefined;
  const known = new Set(tools.map((tool) => tool.name));
  const unknown = names.filter((tool) => !known.has(tool));
  const missing = tools.filter((tool) => tool.kind === 'read' && !listed.has(tool.name)).map((tool) => tool.name);
  if (unknown.length === 0 && missing.length === 0) return undefined;
  const parts = [
    ...(unknown.length ? [`unknown ${shown(unknown)}`] : []),
    ...(missing.length ? [`missing ${shown(missing)}`] : []),
  ];
  return (
    `the server's tools differ from PagerDuty's ${name} set (pagerduty-mcp-server ${PAGERDUTY_MCP_SERVER_VERSION}): ` +
    `${parts.join('; ')}. The typed helpers may not fit this server.`
  );
}
