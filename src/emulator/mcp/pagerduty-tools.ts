/**
 * PagerDuty's MCP tools served by the emulator: each tool of the extract, its arguments checked as the server
 * checks them ({@link checkArguments}), its REST call ({@link TOOL_PLANS}) made in process against the
 * emulator's own routes, its result read through the result's model. The hosted set's `browse_*`/`manage_*`
 * tools pick the repository tool by `action` (see `core/mcp/pagerduty-tools.ts` for how that set is derived).
 *
 * @module
 */
import {
  hostedTools,
  repositoryTools,
  type HostedToolFact,
  type PagerDutyToolFact,
  type PagerDutyToolSet,
} from '../../core/mcp/pagerduty-tools.js';
import { isPlainObject } from '../../core/plain-object.js';
import { errorResult, jsonResult, type EmulatorTool, type ToolContext, type ToolResult } from './mcp-tool.js';
import { defaultBody, defaultQuery, TOOL_PLANS, type Args } from './pagerduty-tool-plans.js';
import { paginate, restCall, RestCallError, unwrap, type RestCall } from './rest-bridge.js';
import { checkArguments, validationMessage, type Schema } from './tool-arguments.js';
import { listResponse, MAX_RESULTS, project } from './tool-results.js';

type Defs = Readonly<Record<string, Schema>>;

const defsOf = (schema: object): Defs => (schema as { $defs?: Defs }).$defs ?? {};

/** The tool failed while running: FastMCP's `Error executing tool <name>: <reason>`. */
class ToolRunError extends Error {}

function placeholders(path: string): Set<string> {
  return new Set([...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
}

/** `list_incidents`' `request_scope`, `list_oncalls`' `service_ids`: resolved before the call, as the source does. */
function scopedQuery(tool: string, context: ToolContext, args: Args, query: Record<string, unknown>): void {
  if (tool === 'list_incidents' && (args.request_scope === 'assigned' || args.request_scope === 'teams')) {
    const user = context.identity.kind === 'user' ? context.store.users.get(context.identity.userId) : undefined;
    if (!user)
      throw new ToolRunError(
        `Cannot filter incidents by "${String(args.request_scope)}" with account-level auth. ` +
          'Please provide a user token, or scope the request differently.',
      );
    if (args.request_scope === 'assigned') query['user_ids[]'] = [user.id];
    else query['team_ids[]'] = (user.teams ?? []).map((team) => team.id);
  }
  if (tool === 'list_oncalls') {
    if (args.earliest !== null && args.earliest !== undefined) query.earliest = String(args.earliest);
    delete query['service_ids[]'];
    const services = Array.isArray(args.service_ids) ? (args.service_ids as string[]) : [];
    if (services.length > 0) {
      const policies = [...((query['escalation_policy_ids[]'] as string[] | undefined) ?? [])];
      for (const id of services) {
        const service = unwrap(restCall(context, { method: 'GET', path: `/services/${encodeURIComponent(id)}` }));
        if (isPlainObject(service) && isPlainObject(service.escalation_policy))
          policies.push(String(service.escalation_policy.id));
      }
      query['escalation_policy_ids[]'] = policies;
    }
  }
}

/** A result that is not a model's: FastMCP sends it as text and wraps it as `{ result }`. */
const textResult = (value: unknown): ToolResult => ({
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value ?? null) }],
  structuredContent: { result: value ?? null },
});

function runFact(fact: PagerDutyToolFact, context: ToolContext, args: Args): ToolResult {
  const plan = TOOL_PLANS[fact.name];
  const names = placeholders(plan.path);
  const path = plan.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = name === 'user_id' && isPlainObject(args.member_data) ? args.member_data.user_id : args[name];
    return encodeURIComponent(String(value));
  });
  const call: RestCall = { method: plan.method, path };
  if (plan.method === 'GET') {
    const query = plan.query ? plan.query(args) : defaultQuery(args, names);
    scopedQuery(fact.name, context, args, query);
    call.query = query;
  } else if (plan.method !== 'DELETE') call.body = plan.body ? plan.body(args) : defaultBody(args, names);
  const defs = defsOf(fact.resultSchema);
  const declared = fact.resultSchema as Schema;
  const resultSchema = declared.$ref ? (defs[declared.$ref.replace('#/$defs/', '')] ?? declared) : declared;
  // A `ListResponseModel` (or a subclass): `{ response: [...], response_summary }`.
  const items = resultSchema.properties?.response_summary ? resultSchema.properties.response?.items : undefined;
  const entity = items?.$ref?.replace('#/$defs/', '') ?? 'Unknown';
  const asList = (records: unknown[]): ToolResult =>
    jsonResult(
      listResponse(
        entity,
        records.map((record) => project(record, items ?? {}, defs)),
      ),
    );
  const picked = (records: unknown[]): unknown[] =>
    plan.pick ? records.map((record) => (isPlainObject(record) ? record[plan.pick as string] : record)) : records;
  if (plan.list)
    return asList(picked(paginate(context, call, typeof args.limit === 'number' ? args.limit : MAX_RESULTS)));
  const body = restCall(context, call);
  if (plan.done) return textResult(plan.done(args));
  if (plan.method === 'DELETE') return textResult(`Successfully deleted ${path}`);
  const unwrapped = unwrap(body);
  if (items && Array.isArray(unwrapped)) return asList(unwrapped);
  const value = project(unwrapped, resultSchema, defs);
  const isModel = declared.$ref !== undefined || (declared.type === 'object' && declared.properties !== undefined);
  if (!isModel || !isPlainObject(value)) return textResult(value);
  return jsonResult(value);
}

function run(fact: PagerDutyToolFact, context: ToolContext, args: Readonly<Record<string, unknown>>): ToolResult {
  const checked = checkArguments(args, fact.inputSchema as Schema, defsOf(fact.inputSchema));
  if (!checked.ok) return errorResult(validationMessage(fact.name, checked.issues));
  try {
    return runFact(fact, context, checked.value);
  } catch (error) {
    if (error instanceof RestCallError || error instanceof ToolRunError)
      return errorResult(`Error executing tool ${fact.name}: ${error.message}`);
    throw error;
  }
}

function repositoryTool(fact: PagerDutyToolFact): EmulatorTool {
  return {
    name: fact.name,
    description: fact.description,
    inputSchema: fact.inputSchema,
    kind: fact.kind,
    run: async (context) => run(fact, context, context.args),
  };
}

function hostedTool(fact: HostedToolFact, byName: ReadonlyMap<string, PagerDutyToolFact>): EmulatorTool {
  const actions = Object.keys(fact.actions);
  return {
    name: fact.name,
    description: fact.description,
    inputSchema: fact.inputSchema,
    kind: fact.kind,
    run: async (context) => {
      const { action, ...rest } = context.args;
      const target = typeof action === 'string' ? fact.actions[action] : undefined;
      if (target === undefined) {
        const issue =
          action === undefined
            ? { loc: ['action'], type: 'missing', msg: 'Field required', input: context.args }
            : {
                loc: ['action'],
                type: 'literal_error',
                msg: `Input should be ${actions.map((name) => `'${name}'`).join(', ')}`,
                input: action,
              };
        return errorResult(validationMessage(fact.name, [issue]));
      }
      const repository = byName.get(target) as PagerDutyToolFact;
      const result = run(repository, context, rest);
      // The error names the hosted tool the client called.
      return result.isError
        ? errorResult(
            result.content[0].text
              .replace(`tool ${target}: `, `tool ${fact.name}: `)
              .replace(`for ${target}Arguments`, `for ${fact.name}Arguments`),
          )
        : result;
    },
  };
}

const cache = new Map<PagerDutyToolSet, readonly EmulatorTool[]>();

/** The emulator's tools for one of PagerDuty's sets, read tools first. */
export function pagerDutyEmulatorTools(set: PagerDutyToolSet): readonly EmulatorTool[] {
  const cached = cache.get(set);
  if (cached) return cached;
  const facts = repositoryTools();
  const byName = new Map(facts.map((fact) => [fact.name, fact]));
  const tools = set === 'hosted' ? hostedTools().map((fact) => hostedTool(fact, byName)) : facts.map(repositoryTool);
  cache.set(set, tools);
  return tools;
}
