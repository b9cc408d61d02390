/**
 * The incident tools: list, get, acknowledge, resolve. They read and change the same
 * store as the REST routes, through the same lifecycle functions, so a status change made
 * here is seen by `GET /incidents/{id}` with its log entry.
 *
 * @module
 */
import { changeStatus, statusChangeError, type TargetStatus } from '../store/incident-lifecycle.js';
import { ReplyError, type RestErrorBody } from '../server/replies.js';
import type { Incident, IncidentStatus } from '../store/resources.js';
import { actingUser } from '../server/rest-auth.js';
import {
  errorResult,
  integerArgument,
  jsonResult,
  stringArgument,
  ToolArgumentError,
  type EmulatorTool,
  type ToolContext,
  type ToolResult,
} from './mcp-tool.js';

const STATUSES: readonly IncidentStatus[] = ['triggered', 'acknowledged', 'resolved'];

/** The fields `list_incidents` shows per incident (`get_incident` shows all). */
function brief(incident: Incident): Record<string, unknown> {
  const { id, incident_number, title, status, urgency, created_at, html_url } = incident;
  return { id, incident_number, title, status, urgency, service: incident.service.summary, created_at, html_url };
}

function statusesArgument(value: unknown): IncidentStatus[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  const bad = list.filter((status) => !STATUSES.includes(status as IncidentStatus));
  if (bad.length > 0) throw new ToolArgumentError(`status must be one or more of ${STATUSES.join(', ')}`);
  return list as IncidentStatus[];
}

/** The REST error's message and details, as one line for the model. */
function replyMessage(error: ReplyError): string {
  const body = error.reply.body as RestErrorBody | undefined;
  return [body?.error.message, ...(body?.error.errors ?? [])].filter(Boolean).join(' ');
}

const ACTING_USER = "the key's user (or the From user of an account-level key)";

function changeTool(name: string, target: TargetStatus, verb: string): EmulatorTool {
  return {
    name,
    description: `${verb} an incident, as ${ACTING_USER}. Writes a log entry.`,
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', description: 'The incident id' } },
      required: ['id'],
    },
    kind: 'write',
    run: async (context: ToolContext): Promise<ToolResult> => {
      const id = stringArgument(context.args, 'id');
      const { store } = context;
      let user;
      try {
        user = actingUser(store, context.identity, context.from);
      } catch (error) {
        if (error instanceof ReplyError) return errorResult(replyMessage(error));
        throw error;
      }
      const incident = store.incidents.get(id);
      if (!incident) return errorResult(`Incident ${id} not found`);
      const refused = statusChangeError(incident, target);
      if (refused) return errorResult(refused);
      return jsonResult({ incident: changeStatus(store, incident, target, store.ref(user), context.now) });
    },
  };
}

/** `list_incidents`, `get_incident`, `acknowledge_incident`, `resolve_incident`. */
export const INCIDENT_TOOLS: readonly EmulatorTool[] = [
  {
    name: 'list_incidents',
    description: 'Lists incidents, oldest first, optionally only those with the given statuses.',
    inputSchema: {
      type: 'object',
      properties: {
        statuses: { type: 'array', items: { type: 'string', enum: STATUSES }, description: 'Filter by status' },
        status: {
          description: 'One status or a list of them',
          anyOf: [
            { type: 'string', enum: STATUSES },
            { type: 'array', items: { type: 'string', enum: STATUSES } },
          ],
        },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
      },
    },
    kind: 'read',
    run: async ({ store, args }) => {
      // `statuses` is PagerDuty's server's name for it.
      const statuses = statusesArgument(args.statuses ?? args.status);
      const limit = integerArgument(args, 'limit', 25, 1, 100);
      const matching = store.incidents
        .all()
        .filter((incident) => statuses.length === 0 || statuses.includes(incident.status));
      return jsonResult({ incidents: matching.slice(0, limit).map(brief), total: matching.length });
    },
  },
  {
    name: 'get_incident',
    description: 'Shows one incident in full.',
    inputSchema: {
      type: 'object',
      properties: {
        incident_id: { type: 'string', description: 'The incident id (as PagerDuty’s server names it)' },
        id: { type: 'string', description: 'The incident id' },
      },
    },
    kind: 'read',
    run: async ({ store, args }) => {
      const id = stringArgument(args, args.incident_id === undefined ? 'id' : 'incident_id');
      const incident = store.incidents.get(id);
      return incident ? jsonResult({ incident }) : errorResult(`Incident ${id} not found`);
    },
  },
  changeTool('acknowledge_incident', 'acknowledged', 'Acknowledges'),
  changeTool('resolve_incident', 'resolved', 'Resolves'),
];
