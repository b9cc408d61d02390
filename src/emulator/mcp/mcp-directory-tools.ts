/**
 * Read tools named and shaped as PagerDuty's MCP server has them, for what the emulator
 * holds: `list_services`, `list_users`, `get_user_data`, `list_escalation_policies`,
 * `list_schedules`. A list answers `{ response: [...], response_summary }`, as that server's
 * `ListResponseModel` does.
 *
 * @module
 */
import type { Collection, Identified } from '../store/collection.js';
import { errorResult, integerArgument, jsonResult, type EmulatorTool, type ToolResult } from './mcp-tool.js';

/** The most a list returns, as PagerDuty's server's `MAX_RESULTS`. */
const MAX_RESULTS = 1000;

function listResult(entity: string, items: readonly unknown[]): ToolResult {
  const summary = [`ListResponseModel<${entity}>:`, `- Returned ${items.length} record(s) of type '${entity}'.`];
  return jsonResult({ response: items, response_summary: summary.join('\n') });
}

/** A list tool over a collection: `query` (a case-insensitive part of the name) and `limit`. */
function listTool<T extends Identified & { name: string }>(
  name: string,
  entity: string,
  what: string,
  collection: (store: Parameters<EmulatorTool['run']>[0]['store']) => Collection<T>,
): EmulatorTool {
  return {
    name,
    description: `List ${what}, optionally only those whose name contains query.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: `Filter ${what} by name` },
        limit: { type: 'integer', minimum: 1, maximum: MAX_RESULTS, description: 'Maximum number of results' },
      },
    },
    kind: 'read',
    run: async ({ store, args }) => {
      const query = typeof args.query === 'string' ? args.query.toLowerCase() : '';
      const limit = integerArgument(args, 'limit', MAX_RESULTS, 1, MAX_RESULTS);
      const matching = collection(store)
        .all()
        .filter((item) => item.name.toLowerCase().includes(query));
      return listResult(entity, matching.slice(0, limit));
    },
  };
}

/** The directory's read tools, in listing order. */
export const DIRECTORY_TOOLS: readonly EmulatorTool[] = [
  listTool('list_services', 'Service', 'services', (store) => store.services),
  listTool('list_users', 'User', 'users', (store) => store.users),
  {
    name: 'get_user_data',
    description: "Get the current user's data (the user of the key; none for an account-level key).",
    inputSchema: { type: 'object', properties: {} },
    kind: 'read',
    run: async ({ store, identity }) => {
      if (identity.kind !== 'user')
        return errorResult('get_user_data needs a user-scoped key: an account-level key speaks for no user');
      const user = store.users.get(identity.userId);
      return user ? jsonResult({ ...user }) : errorResult(`User ${identity.userId} not found`);
    },
  },
  listTool('list_escalation_policies', 'EscalationPolicy', 'escalation policies', (store) => store.escalationPolicies),
  listTool('list_schedules', 'Schedule', 'schedules', (store) => store.schedules),
];
