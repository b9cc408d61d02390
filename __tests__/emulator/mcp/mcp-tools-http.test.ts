/**
 * The emulator's MCP tools over plain HTTP: PagerDuty's tool sets listed in pages, reply formats, results from
 * the REST API's state, and writes that REST sees at once and that fire webhooks.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { repositoryTools } from '../../../src/core/mcp/pagerduty-tools.js';
import { realSockets } from '../../helpers/test-kit.js';
import { call } from '../raw-http.js';
import { startReceiver, type WebhookReceiver } from '../webhook-receiver.js';
import { openSession, post, request } from './mcp-wire.js';

interface ToolsPage {
  tools: { name: string; inputSchema: { type: string }; annotations: Record<string, boolean> }[];
  nextCursor?: string;
}
interface ToolResult {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const resultOf = <T>(reply: { body: unknown }): T => (reply.body as { result: T }).result;

/** The JSON-RPC message in a one-event SSE body. */
function sseMessage(text: string): Record<string, unknown> {
  const data = /^data: (.*)$/m.exec(text);
  return JSON.parse(data![1]) as Record<string, unknown>;
}

async function listAll(emulator: Emulator, key: string, session: string): Promise<ToolsPage['tools']> {
  const tools: ToolsPage['tools'] = [];
  let cursor: string | undefined;
  do {
    const page = resultOf<ToolsPage>(
      await post(emulator, request(1, 'tools/list', cursor === undefined ? {} : { cursor }), { key, session }),
    );
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

describe('the emulator’s MCP tools (the repository set, write tools on)', () => {
  let emulator: Emulator;
  let receiver: WebhookReceiver;
  let key: string;
  let session: string;
  const instant = async (): Promise<void> => {};
  beforeAll(async () => {
    realSockets();
    emulator = await startEmulator({
      seedIncidents: 20,
      delay: instant,
      mcpWriteTools: true,
      webhooks: { retrySchedule: [1], sleep: instant },
    });
    receiver = await startReceiver([200, 200, 200, 200, 200, 200, 200, 200]);
    key = emulator.keys.users[0].key;
    session = await openSession(emulator, key);
  });
  afterAll(async () => {
    await emulator.close();
    await receiver.close();
  });

  const tool = async (name: string, args: Record<string, unknown>, options: { key?: string; from?: string } = {}) => {
    const reply = await post(emulator, request(9, 'tools/call', { name, arguments: args }), {
      key: options.key ?? key,
      session: options.key ? await openSession(emulator, options.key) : session,
      accept: 'application/json',
      headers: options.from ? { From: options.from } : {},
    });
    return resultOf<ToolResult>(reply);
  };
  const byStatus = (status: string) => emulator.state.incidents.all().filter((incident) => incident.status === status);

  it('lists the server’s 103 tools in pages of 25, following nextCursor, annotated as that server does', async () => {
    const first = resultOf<ToolsPage>(await post(emulator, request(1, 'tools/list'), { key, session }));
    expect(first.tools).toHaveLength(25);
    expect(typeof first.nextCursor).toBe('string');
    const tools = await listAll(emulator, key, session);
    expect(tools.map((listed) => listed.name)).toEqual(repositoryTools().map((fact) => fact.name));
    const read = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };
    const write = { readOnlyHint: false, destructiveHint: true, idempotentHint: false };
    for (const listed of tools) {
      const fact = repositoryTools().find((candidate) => candidate.name === listed.name)!;
      expect(listed.annotations).toEqual(fact.kind === 'read' ? read : write);
      expect(listed.inputSchema).toEqual(fact.inputSchema);
    }
    expect(tools.map((listed) => listed.name)).not.toEqual(expect.arrayContaining(['acknowledge_incident']));
    expect(tools.map((listed) => listed.name)).not.toEqual(expect.arrayContaining(['resolve_incident']));
    expect(tools.map((listed) => listed.name)).not.toContain('slow_report');
  });

  it('answers -32602 for a cursor it did not hand out, and for an unknown tool', async () => {
    const reply = await post(emulator, request(3, 'tools/list', { cursor: 'bogus' }), { key, session });
    expect(reply.body).toMatchObject({ id: 3, error: { code: -32602 } });
    const unknown = await post(emulator, request(4, 'tools/call', { name: 'acknowledge_incident', arguments: {} }), {
      key,
      session,
      accept: 'application/json',
    });
    expect(unknown.body).toMatchObject({ error: { code: -32602, message: 'Unknown tool: acknowledge_incident' } });
  });

  it('answers tools/call as one SSE event to a client that takes a stream, else as JSON', async () => {
    const streamed = await post(
      emulator,
      request(4, 'tools/call', { name: 'list_incidents', arguments: { limit: 1 } }),
      {
        key,
        session,
      },
    );
    expect(streamed.headers.get('content-type')).toBe('text/event-stream');
    expect(streamed.text).toMatch(/^event: message\nid: \S+\ndata: \{.*\}\n\n$/);
    expect(sseMessage(streamed.text)).toMatchObject({
      id: 4,
      result: { structuredContent: { response: [expect.any(Object)] } },
    });
    const result = await tool('list_incidents', { limit: 2 });
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
  });

  it('filters list_incidents by statuses, as the REST API does, and answers a ListResponseModel', async () => {
    const result = await tool('list_incidents', { statuses: ['triggered'] });
    const triggered = byStatus('triggered');
    expect(result.structuredContent).toEqual({
      response: triggered.map((incident) => expect.objectContaining({ id: incident.id, status: 'triggered' })),
      response_summary: `ListResponseModel<Incident>:\n- Returned ${triggered.length} record(s) of type 'Incident'.`,
    });
    const limited = await tool('list_incidents', { limit: 3 });
    expect((limited.structuredContent!.response as unknown[]).length).toBe(3);
  });

  it('refuses an unknown argument and a wrong type with the server’s error, and changes nothing', async () => {
    const before = JSON.stringify(emulator.state.incidents.all());
    const result = await tool('list_incidents', { bogus: '1' });
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text:
            'Error executing tool list_incidents: 1 validation error for list_incidentsArguments\nbogus\n' +
            "  Extra inputs are not permitted [type=extra_forbidden, input_value='1', input_type=str]",
        },
      ],
      isError: true,
    });
    const wrong = await tool('manage_incidents', { manage_request: { incident_ids: 'P1', status: 'closed' } });
    expect(wrong.content[0].text).toBe(
      [
        'Error executing tool manage_incidents: 2 validation errors for manage_incidentsArguments',
        'manage_request.incident_ids',
        "  Input should be a valid list [type=list_type, input_value='P1', input_type=str]",
        'manage_request.status',
        "  Input should be 'acknowledged' or 'resolved' [type=literal_error, input_value='closed', input_type=str]",
      ].join('\n'),
    );
    expect(JSON.stringify(emulator.state.incidents.all())).toBe(before);
  });

  it('acknowledges with manage_incidents: REST shows it, with its log entry, and the webhook fires', async () => {
    await call(emulator, 'POST', '/webhook_subscriptions', {
      key: emulator.keys.account,
      json: {
        webhook_subscription: {
          type: 'webhook_subscription',
          delivery_method: { type: 'http_delivery_method', url: receiver.url },
          events: ['incident.acknowledged', 'incident.annotated', 'incident.triggered'],
          filter: { type: 'account_reference' },
        },
      },
    });
    const [incident] = byStatus('triggered');
    const result = await tool('manage_incidents', {
      manage_request: { incident_ids: [incident.id], status: 'acknowledged' },
    });
    expect(result.structuredContent).toMatchObject({ response: [{ id: incident.id, status: 'acknowledged' }] });
    const rest = await call(emulator, 'GET', `/incidents/${incident.id}`, { key });
    expect(rest.body).toMatchObject({ incident: { status: 'acknowledged' } });
    const log = await call(emulator, 'GET', `/incidents/${incident.id}/log_entries`, { key });
    expect((log.body as { log_entries: { type: string }[] }).log_entries.map((entry) => entry.type)).toContain(
      'acknowledge_log_entry',
    );
    await emulator.webhooksIdle();
    const events = receiver.received.map(
      (delivery) => (JSON.parse(delivery.body) as { event: { event_type: string; data: { id: string } } }).event,
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        event_type: 'incident.acknowledged',
        data: expect.objectContaining({ id: incident.id }),
      }),
    );
  });

  it('adds a note REST lists, and creates an incident REST shows', async () => {
    const [incident] = byStatus('triggered');
    const note = await tool('add_note_to_incident', { incident_id: incident.id, note: 'Rolled back' });
    expect(note.structuredContent).toMatchObject({
      content: 'Rolled back',
      user: { id: emulator.keys.users[0].userId },
    });
    const notes = await call(emulator, 'GET', `/incidents/${incident.id}/notes`, { key });
    expect((notes.body as { notes: { content: string }[] }).notes.map((entry) => entry.content)).toContain(
      'Rolled back',
    );
    const listed = await tool('list_incident_notes', { incident_id: incident.id });
    expect(listed.structuredContent).toMatchObject({ response: [expect.objectContaining({ content: 'Rolled back' })] });

    const service = emulator.state.services.all()[0];
    const created = await tool('create_incident', {
      incident: { title: 'Made over MCP', service: { id: service.id } },
    });
    const id = created.structuredContent!.id as string;
    const rest = await call(emulator, 'GET', `/incidents/${id}`, { key });
    expect(rest.body).toMatchObject({
      incident: { title: 'Made over MCP', status: 'triggered', service: { id: service.id } },
    });
  });

  it('answers a REST refusal as a tool error (isError) and changes nothing', async () => {
    const [resolved] = byStatus('resolved');
    const result = await tool('manage_incidents', {
      manage_request: { incident_ids: [resolved.id], status: 'acknowledged' },
    });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(
      /^Error executing tool manage_incidents: PUT \/incidents: .*\(400\).*already resolved/,
    );
    expect(emulator.state.incidents.get(resolved.id)!.status).toBe('resolved');
  });

  it('acts for an account-level key only as the From user, as the REST API does', async () => {
    const [incident] = byStatus('triggered');
    const args = { manage_request: { incident_ids: [incident.id], status: 'acknowledged' } };
    const noFrom = await tool('manage_incidents', args, { key: emulator.keys.account });
    expect(noFrom).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('From') }] });
    expect(emulator.state.incidents.get(incident.id)!.status).toBe('triggered');
    const responder = emulator.keys.users[3];
    await tool('manage_incidents', args, { key: emulator.keys.account, from: responder.email });
    expect(emulator.state.incidents.get(incident.id)!.acknowledgements.at(-1)?.acknowledger.id).toBe(responder.userId);
  });

  it('answers the directory from the store: list_services, list_users, get_user_data, list_oncalls', async () => {
    const services = await tool('list_services', { query: emulator.state.services.all()[0].name });
    expect(services.structuredContent!.response).toEqual([
      expect.objectContaining({ id: emulator.state.services.all()[0].id }),
    ]);
    const users = await tool('list_users', {});
    expect((users.structuredContent!.response as unknown[]).length).toBe(emulator.state.users.size);
    const me = await tool('get_user_data', {});
    expect(me.structuredContent).toMatchObject({ id: emulator.keys.users[0].userId });
    const oncalls = await call(emulator, 'GET', '/oncalls', { key });
    const listed = await tool('list_oncalls', {});
    expect((listed.structuredContent!.response as unknown[]).length).toBe(
      (oncalls.body as { oncalls: unknown[] }).oncalls.length,
    );
  });

  it('records tool calls with the tool’s name', async () => {
    emulator.clearRequests();
    await post(emulator, request(17, 'tools/call', { name: 'list_incidents', arguments: {} }), { key, session });
    expect(emulator.requests).toEqual([
      expect.objectContaining({ path: '/mcp', status: 200, rpcMethod: 'tools/call', tool: 'list_incidents' }),
    ]);
  });
});

describe('the emulator’s MCP tools, other selections', () => {
  beforeAll(() => realSockets());

  it('lists only the 63 read tools without mcpWriteTools, and a write tool is then unknown', async () => {
    const emulator = await startEmulator({ seedIncidents: 1, delay: async () => {} });
    try {
      const key = emulator.keys.users[0].key;
      const session = await openSession(emulator, key);
      const tools = await listAll(emulator, key, session);
      expect(tools).toHaveLength(63);
      expect(tools.every((listed) => listed.annotations.readOnlyHint)).toBe(true);
      const reply = await post(emulator, request(2, 'tools/call', { name: 'manage_incidents', arguments: {} }), {
        key,
        session,
        accept: 'application/json',
      });
      expect(reply.body).toMatchObject({ error: { code: -32602, message: 'Unknown tool: manage_incidents' } });
    } finally {
      await emulator.close();
    }
  });

  it('serves the hosted set (mcpToolSet: hosted): browse_incidents, manage_incidents with an action', async () => {
    const emulator = await startEmulator({
      seedIncidents: 5,
      delay: async () => {},
      mcpToolSet: 'hosted',
      mcpWriteTools: true,
    });
    try {
      expect(emulator.mcpToolSet).toBe('hosted');
      const key = emulator.keys.users[0].key;
      const session = await openSession(emulator, key);
      const names = (await listAll(emulator, key, session)).map((listed) => listed.name);
      expect(names).toEqual(expect.arrayContaining(['browse_incidents', 'manage_incidents', 'browse_services']));
      expect(names).not.toContain('list_incidents');
      const callHosted = async (name: string, args: Record<string, unknown>) =>
        resultOf<ToolResult>(
          await post(emulator, request(3, 'tools/call', { name, arguments: args }), {
            key,
            session,
            accept: 'application/json',
          }),
        );
      const listed = await callHosted('browse_incidents', { action: 'list_incidents', statuses: ['triggered'] });
      const triggered = emulator.state.incidents.all().filter((incident) => incident.status === 'triggered');
      expect((listed.structuredContent!.response as unknown[]).length).toBe(triggered.length);
      await callHosted('manage_incidents', {
        action: 'add_note_to_incident',
        incident_id: triggered[0].id,
        note: 'hosted note',
      });
      const notes = await call(emulator, 'GET', `/incidents/${triggered[0].id}/notes`, { key });
      expect((notes.body as { notes: { content: string }[] }).notes.map((note) => note.content)).toContain(
        'hosted note',
      );
    } finally {
      await emulator.close();
    }
  });

  it('refuses an unknown mcpToolSet at start', async () => {
    await expect(startEmulator({ mcpToolSet: 'other' as never })).rejects.toThrow(
      "mcpToolSet must be 'repository' or 'hosted'",
    );
  });
});
