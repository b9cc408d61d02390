/**
 * How the emulator's PagerDuty MCP tools reach the state: through the emulator's own REST routes, in process,
 * as PagerDuty's MCP server reaches PagerDuty through the REST API. So a tool reads what REST reads, a write
 * goes through the same handlers (the same checks, log entries and webhooks), and REST sees it at once.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { isPlainObject } from '../../core/plain-object.js';
import { REST_ROUTES } from '../routes/index.js';
import { ReplyError, type Reply } from '../server/replies.js';
import { findRoute } from '../server/router.js';
import type { ToolContext } from './mcp-tool.js';

/** A REST call a tool makes. */
export interface RestCall {
  /** The method. */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path, placeholders filled. */
  path: string;
  /** Query parameters; an array is sent as repeated parameters. */
  query?: Readonly<Record<string, unknown>>;
  /** The JSON body. */
  body?: unknown;
}

/** A REST answer of 400 or more: the tool fails with the server's message for it. */
export class RestCallError extends Error {
  /**
   * @param call - what was asked
   * @param reply - what REST answered
   */
  constructor(
    readonly call: RestCall,
    readonly reply: Reply,
  ) {
    super(
      `${call.method} ${call.path}: API responded with non-success status (${reply.status}): ` +
        JSON.stringify(reply.body ?? null),
    );
    this.name = 'RestCallError';
  }
}

function searchParams(query: Readonly<Record<string, unknown>> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  return params;
}

/**
 * Makes one REST call in process.
 *
 * @throws RestCallError for a status of 400 or more
 */
export function restCall(context: ToolContext, call: RestCall): unknown {
  const match = findRoute(REST_ROUTES, call.method, call.path);
  let reply: Reply;
  if (match.kind !== 'found')
    reply = { status: match.kind === 'not-found' ? 404 : 405, body: { error: { message: 'Not Found', code: 2100 } } };
  else
    try {
      reply = match.route.handler({
        store: context.store,
        identity: context.identity,
        params: match.params,
        query: searchParams(call.query),
        body: call.body,
        from: context.from,
        requestId: randomUUID(),
        now: context.now,
      });
    } catch (error) {
      if (!(error instanceof ReplyError)) throw error;
      reply = error.reply;
    }
  if (reply.status >= 400) throw new RestCallError(call, reply);
  return reply.body;
}

/** The entity a response wraps (`{ incident: {...} }` → the incident), as the Python client's `rget` unwraps. */
export function unwrap(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const keys = Object.keys(body);
  return keys.length === 1 && typeof body[keys[0]] === 'object' ? body[keys[0]] : body;
}

/** The list in a list response: the one array-valued field. */
function listOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isPlainObject(body)) return [];
  const list = Object.values(body).find(Array.isArray);
  return (list as unknown[] | undefined) ?? [];
}

/** Pages through a list with `offset`/`limit` until `more` is false or `maximum` records are in. */
export function paginate(context: ToolContext, call: RestCall, maximum: number): unknown[] {
  const records: unknown[] = [];
  for (let offset = 0; records.length < maximum; ) {
    const limit = Math.min(100, maximum - records.length);
    const body = restCall(context, { ...call, query: { ...call.query, limit, offset } });
    const page = listOf(body);
    records.push(...page);
    offset += page.length;
    if (page.length === 0 || !(isPlainObject(body) && body.more === true)) break;
  }
  return records.slice(0, maximum);
}
