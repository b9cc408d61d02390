/**
 * Read tools named and shaped as PagerDuty's MCP server has them, for what the emulator
 * holds: `list_services`, `list_users`, `get_user_data`, `list_escalation_policies`,
 * `list_schedules`, `list_oncalls`. A list answers `{ response: [...], response_summary }`, as that server's
 * `ListResponseModel` does.
 *
 * @module
 */
import type { Collection, Identified } from '../store/collection.js';
import { policyEntries } from '../routes/oncalls.js';
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
  {
    name: 'list_oncalls',
    description:
      'List who is on call now, per escalation policy and level; optionally only some users, policies or schedules.',
    inputSchema: {
      type: 'object',
      properties: {
        user_ids: { type: 'array', items: { type: 'string' }, description: 'Only these users' },
        escalation_policy_ids: { type: 'array', items: { type: 'string' }, description: 'Only these policies' },
        schedule_ids: { type: 'array', items: { type: 'string' }, description: 'Only these schedules' },
        limit: { type: 'integer', minimum: 1, maximum: MAX_RESULTS, description: 'Maximum number of results' },
      },
    },
    kind: 'read',
    run: async ({ store, args, now }) => {
      const only = (name: string) => (Array.isArray(args[name]) ? (args[name] as unknown[]).map(String) : []);
      const [users, policies, schedules] = [only('user_ids'), only('escalation_policy_ids'), only('schedule_ids')];
      const at = now.getTime();
      const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());
      const entries = store.escalationPolicies
        .all()
        .filter((policy) => policies.length === 0 || policies.includes(policy.id))
        .flatMap((policy) => policyEntries(store, policy, at, at))
        .filter((entry) => users.length === 0 || users.includes(entry.user.id))
        .filter((entry) => schedules.length === 0 || (entry.schedule !== null && schedules.includes(entry.schedule.id)))
        .map((entry) => ({ ...entry, start: iso(entry.start), end: iso(entry.end) }));
      return listResult('Oncall', entries.slice(0, integerArgument(args, 'limit', MAX_RESULTS, 1, MAX_RESULTS)));
    },
  },
];
