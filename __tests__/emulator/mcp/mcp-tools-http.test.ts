/**
 * The emulator's MCP tools over plain HTTP: listing pages, reply formats, and tools that act on
 * the REST API's state.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';
import { call } from '../raw-http.js';
import { openSession, post, request } from './mcp-wire.js';
import { EMULATOR_TOOLS, findTool, toolsPage } from '../../../src/emulator/mcp/mcp-tool-catalogue.js';

interface ToolsPage {
  tools: { name: string; inputSchema: { type: string } }[];
  nextCursor?: string;
}

const resultOf = <T>(reply: { body: unknown }): T => (reply.body as { result: T }).result;

/** The JSON-RPC message in a one-event SSE body. */
function sseMessage(text: string): Record<string, unknown> {
  const data = /^data: (.*)$/m.exec(text);
  return JSON.parse(data![1]) as Record<string, unknown>;
}

describe('the emulator’s MCP tools', () => {
  let emulator: Emulator;
  let key: string;
  let session: string;
  beforeAll(async () => {
    realSockets();
    emulator = await startEmulator({ seedIncidents: 20, delay: async () => {}, mcpWriteTools: true });
    key = emulator.keys.users[0].key;
    session = await openSession(emulator, key);
  });
  afterAll(async () => {
    await emulator.close();
  });

  const byStatus = (status: string) => emulator.state.incidents.all().filter((incident) => incident.status === status);

  it('lists its tools in pages of 3, following nextCursor', async () => {
    const first = resultOf<ToolsPage>(await post(emulator, request(1, 'tools/list'), { key, session }));
    expect(first.tools.map((tool) => tool.name)).toEqual(['list_incidents', 'get_incident', 'acknowledge_incident']);
    expect(typeof first.nextCursor).toBe('string');

    const second = resultOf<ToolsPage>(
      await post(emulator, request(2, 'tools/list', { cursor: first.nextCursor }), { key, session }),
    );
    expect(second.tools.map((tool) => tool.name)).toEqual(['resolve_incident', 'slow_report', 'list_services']);
    expect(typeof second.nextCursor).toBe('string');
    for (const tool of [...first.tools, ...second.tools]) expect(tool.inputSchema.type).toBe('object');
  });

  it('annotates read tools and write tools as PagerDuty’s server does', async () => {
    const tools: { name: string; annotations: Record<string, boolean> }[] = [];
    let cursor: string | undefined;
    do {
      const page = resultOf<ToolsPage & { tools: typeof tools }>(
        await post(emulator, request(5, 'tools/list', cursor === undefined ? {} : { cursor }), { key, session }),
      );
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    const read = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };
    const write = { readOnlyHint: false, destructiveHint: true, idempotentHint: false };
    const annotated = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]));
    expect(annotated).toEqual({
      list_incidents: read,
      get_incident: read,
      acknowledge_incident: write,
      resolve_incident: write,
      slow_report: read,
      list_services: read,
      list_users: read,
      get_user_data: read,
      list_escalation_policies: read,
      list_schedules: read,
      list_oncalls: read,
    });
  });

  it('answers PagerDuty’s read tools from the store: list_services, list_users, get_user_data', async () => {
    const call = async (name: string, args: Record<string, unknown>) =>
      resultOf<{ structuredContent: Record<string, unknown>; isError?: boolean }>(
        await post(emulator, request(6, 'tools/call', { name, arguments: args }), {
          key,
          session,
          accept: 'application/json',
        }),
      );
    const services = await call('list_services', { limit: 1 });
    expect(services.structuredContent.response).toEqual([emulator.state.services.all()[0]]);
    expect(services.structuredContent.response_summary).toMatch(/Returned 1 record\(s\) of type 'Service'/);
    const me = await call('get_user_data', {});
    expect(me.structuredContent.email).toBe(
      emulator.state.users.all().find((user) => user.id === me.structuredContent.id)?.email,
    );
    const byIncidentId = await call('get_incident', { incident_id: emulator.state.incidents.all()[0].id });
    expect(byIncidentId.isError).toBeFalsy();
    const triggered = await call('list_incidents', { statuses: ['triggered'] });
    for (const incident of triggered.structuredContent.incidents as { status: string }[])
      expect(incident.status).toBe('triggered');
  });

  it('answers list_oncalls with the entries GET /oncalls gives for now, filtered as asked', async () => {
    const call = async (args: Record<string, unknown>) =>
      resultOf<{ structuredContent: { response: { user: { id: string }; escalation_level: number }[] } }>(
        await post(emulator, request(7, 'tools/call', { name: 'list_oncalls', arguments: args }), {
          key,
          session,
          accept: 'application/json',
        }),
      ).structuredContent.response;
    const rest = (await (
      await fetch(`${emulator.url}/oncalls?limit=100`, {
        headers: { Authorization: `Token token=${key}`, Accept: 'application/vnd.pagerduty+json;version=2' },
      })
    ).json()) as { oncalls: { user: { id: string }; escalation_level: number }[] };
    const all = await call({});
    expect(all.length).toBeGreaterThan(0);
    const pairs = (entries: { user: { id: string }; escalation_level: number }[]) =>
      entries.map((entry) => `${entry.user.id}@${entry.escalation_level}`).sort();
    expect(pairs(all)).toEqual(pairs(rest.oncalls));
    const someone = all[0].user.id;
    expect((await call({ user_ids: [someone] })).every((entry) => entry.user.id === someone)).toBe(true);
    expect(await call({ limit: 1 })).toHaveLength(1);
  });

  it('answers -32602 for a cursor it did not hand out', async () => {
    const reply = await post(emulator, request(3, 'tools/list', { cursor: 'bogus' }), { key, session });
    expect(reply.body).toMatchObject({ id: 3, error: { code: -32602 } });
  });

  it('answers tools/call as one SSE event (event, id, data) to a client that accepts a stream', async () => {
    const reply = await post(emulator, request(4, 'tools/call', { name: 'list_incidents', arguments: { limit: 1 } }), {
      key,
      session,
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/event-stream');
    expect(reply.text).toMatch(/^event: message\nid: \S+\ndata: \{.*\}\n\n$/);
    expect(sseMessage(reply.text)).toMatchObject({
      jsonrpc: '2.0',
      id: 4,
      result: { structuredContent: { incidents: [expect.any(Object)] } },
    });
  });

  it('answers tools/call as JSON to a client that accepts only JSON', async () => {
    const reply = await post(emulator, request(5, 'tools/call', { name: 'list_incidents', arguments: { limit: 2 } }), {
      key,
      session,
      accept: 'application/json',
    });
    expect(reply.headers.get('content-type')).toContain('application/json');
    const result = resultOf<{
      content: { type: string; text: string }[];
      structuredContent: { incidents: unknown[]; total: number };
    }>(reply);
    expect(result.structuredContent.incidents).toHaveLength(2);
    expect(result.structuredContent.total).toBe(emulator.state.incidents.size);
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
  });

  it('filters list_incidents by status and limit', async () => {
    const result = resultOf<{ structuredContent: { incidents: { id: string; status: string }[]; total: number } }>(
      await post(
        emulator,
        request(6, 'tools/call', {
          name: 'list_incidents',
          arguments: { status: ['triggered', 'acknowledged'], limit: 100 },
        }),
        { key, session, accept: 'application/json' },
      ),
    );
    const expected = emulator.state.incidents
      .all()
      .filter((incident) => incident.status !== 'resolved')
      .map((incident) => incident.id);
    expect(result.structuredContent.incidents.map((incident) => incident.id)).toEqual(expected);
    expect(result.structuredContent.total).toBe(expected.length);
  });

  it('acknowledges an incident as the key’s user: the REST API shows it acknowledged, with a log entry', async () => {
    const [incident] = byStatus('triggered');
    const reply = await post(
      emulator,
      request(7, 'tools/call', { name: 'acknowledge_incident', arguments: { id: incident.id } }),
      { key, session, accept: 'application/json' },
    );
    expect(resultOf<{ isError?: boolean; structuredContent: { incident: { status: string } } }>(reply)).toMatchObject({
      structuredContent: { incident: { id: incident.id, status: 'acknowledged' } },
    });
    expect(resultOf<{ isError?: boolean }>(reply).isError).toBeUndefined();

    const rest = await call(emulator, 'GET', `/incidents/${incident.id}`, { key });
    expect(rest.body).toMatchObject({
      incident: { status: 'acknowledged', acknowledgements: [{ acknowledger: { id: emulator.keys.users[0].userId } }] },
    });
    const entries = await call(emulator, 'GET', `/incidents/${incident.id}/log_entries`, { key });
    expect((entries.body as { log_entries: { type: string }[] }).log_entries.map((entry) => entry.type)).toContain(
      'acknowledge_log_entry',
    );
  });

  it('resolves an incident; acknowledging it then is a tool error (isError), as the REST API refuses it', async () => {
    const [incident] = byStatus('triggered');
    const resolved = await post(
      emulator,
      request(8, 'tools/call', { name: 'resolve_incident', arguments: { id: incident.id } }),
      { key, session, accept: 'application/json' },
    );
    expect(
      resultOf<{ structuredContent: { incident: { status: string } } }>(resolved).structuredContent.incident.status,
    ).toBe('resolved');
    expect(
      ((await call(emulator, 'GET', `/incidents/${incident.id}`, { key })).body as { incident: { status: string } })
        .incident.status,
    ).toBe('resolved');

    const refused = await post(
      emulator,
      request(9, 'tools/call', { name: 'acknowledge_incident', arguments: { id: incident.id } }),
      { key, session, accept: 'application/json' },
    );
    expect(resultOf(refused)).toEqual({
      content: [{ type: 'text', text: expect.stringContaining('already resolved') }],
      isError: true,
    });
    expect(emulator.state.incidents.get(incident.id)!.status).toBe('resolved');
  });

  it('reports a missing incident as a tool error, and shows one incident in full', async () => {
    const missing = await post(
      emulator,
      request(10, 'tools/call', { name: 'get_incident', arguments: { id: 'PNOPE' } }),
      { key, session, accept: 'application/json' },
    );
    expect(resultOf(missing)).toMatchObject({ isError: true, content: [{ text: 'Incident PNOPE not found' }] });
    const [incident] = emulator.state.incidents.all();
    const found = await post(
      emulator,
      request(11, 'tools/call', { name: 'get_incident', arguments: { id: incident.id } }),
      { key, session, accept: 'application/json' },
    );
    expect(resultOf<{ structuredContent: unknown }>(found).structuredContent).toEqual({
      incident: JSON.parse(JSON.stringify(incident)),
    });
  });

  it('acts for an account-level key only as the From user, as the REST API does', async () => {
    const account = await openSession(emulator, emulator.keys.account);
    const [incident] = byStatus('triggered');
    const args = { name: 'acknowledge_incident', arguments: { id: incident.id } };
    const noFrom = await post(emulator, request(12, 'tools/call', args), {
      key: emulator.keys.account,
      session: account,
      accept: 'application/json',
    });
    expect(resultOf(noFrom)).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining('"From" header') }],
    });
    expect(emulator.state.incidents.get(incident.id)!.status).toBe('triggered');

    const responder = emulator.keys.users[3];
    await post(emulator, request(13, 'tools/call', args), {
      key: emulator.keys.account,
      session: account,
      accept: 'application/json',
      headers: { From: responder.email },
    });
    expect(emulator.state.incidents.get(incident.id)!.acknowledgements.at(-1)?.acknowledger.id).toBe(responder.userId);
  });

  it('answers -32602 for an unknown tool or bad arguments, and changes nothing', async () => {
    const unknown = await post(emulator, request(14, 'tools/call', { name: 'delete_everything', arguments: {} }), {
      key,
      session,
    });
    expect(unknown.body).toMatchObject({
      jsonrpc: '2.0',
      id: 14,
      error: { code: -32602, message: expect.stringContaining('delete_everything') },
    });
    const badArgs = await post(
      emulator,
      request(15, 'tools/call', { name: 'list_incidents', arguments: { limit: 0 } }),
      { key, session },
    );
    expect(sseMessage(badArgs.text)).toMatchObject({
      id: 15,
      error: { code: -32602, message: expect.stringContaining('limit') },
    });
    const noId = await post(emulator, request(16, 'tools/call', { name: 'resolve_incident', arguments: {} }), {
      key,
      session,
    });
    expect(sseMessage(noId.text)).toMatchObject({ id: 16, error: { code: -32602 } });
  });

  it('records tool calls with the tool’s name', async () => {
    emulator.clearRequests();
    await post(emulator, request(17, 'tools/call', { name: 'list_incidents', arguments: {} }), { key, session });
    expect(emulator.requests).toEqual([
      expect.objectContaining({ path: '/mcp', status: 200, rpcMethod: 'tools/call', tool: 'list_incidents' }),
    ]);
  });
});

describe('the emulator’s MCP tools without the write tools', () => {
  it('lists and finds only the read tools, as PagerDuty’s server without --enable-write-tools', () => {
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = toolsPage(cursor, false);
      names.push(...page.tools.map((tool) => tool.name as string));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(names).toEqual(EMULATOR_TOOLS.filter((tool) => tool.kind === 'read').map((tool) => tool.name));
    expect(names).not.toContain('acknowledge_incident');
    expect(findTool('acknowledge_incident', false)).toBeUndefined();
    expect(findTool('acknowledge_incident')?.kind).toBe('write');
  });
});
