import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type http from 'node:http';
import { HttpServerError } from '../../../src/core/errors/error-classes.js';
import { McpRequestCancelledError } from '../../../src/core/mcp/mcp-error.js';
import { DEFAULT_RECONNECT_MS } from '../../../src/core/mcp/mcp-exchange.js';
import {
  openStream,
  sendEvent,
  type McpHandler,
  type McpTestServer,
  type Received,
  mcpTestBed,
} from '../../helpers/mcp-server.js';
import { realSockets } from '../../helpers/test-kit.js';

/** Writes `events` (message, id) on a new stream, then breaks the connection. */
function streamThenBreak(res: http.ServerResponse, events: readonly (readonly [unknown, string | undefined])[]): void {
  openStream(res);
  for (const [message, id] of events) sendEvent(res, message, id);
  later(10, () => res.destroy());
}

function progress(token: unknown, value: number): unknown {
  return { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: value } };
}

function gets(srv: McpTestServer): Received[] {
  return srv.received.filter((r) => r.httpMethod === 'GET');
}

function posted(srv: McpTestServer, method: string): number {
  return srv.methods().filter((m) => m === method).length;
}

const bed = mcpTestBed('u+resumingkey1234');
const setUp = (handle: McpHandler, onGet?: McpHandler) => bed.setUp(handle, {}, { onGet });
const later = bed.later;

beforeAll(realSockets);

afterEach(bed.tearDown);

describe('resuming a broken stream', () => {
  it('resumes a stream that broke before the response with GET and Last-Event-ID', async () => {
    let callId: unknown;
    const seen: number[] = [];
    const { server: srv, client } = await setUp(
      (received, res) => {
        callId = received.message?.id;
        const token = (received.message?.params?._meta as { progressToken?: unknown }).progressToken;
        openStream(res);
        sendEvent(res, progress(token, 1), 'ev-1');
        later(20, () => res.destroy());
      },
      (received, res) => {
        openStream(res);
        if (received.headers['last-event-id'] !== 'ev-1') return void res.end();
        sendEvent(res, progress(callId, 2), 'ev-2');
        sendEvent(
          res,
          { jsonrpc: '2.0', id: callId, result: { content: [{ type: 'text', text: 'resumed' }] } },
          'ev-3',
        );
      },
    );
    const result = await client.callTool('flaky', {}, { onProgress: (p) => seen.push(p.progress) });
    expect(result.content).toEqual([{ type: 'text', text: 'resumed' }]);
    expect(seen).toEqual([1, 2]);
    expect(gets(srv)).toHaveLength(1);
    expect(gets(srv)[0].headers['mcp-session-id']).toBe('s-1');
    expect(gets(srv)[0].headers.accept).toBe('text/event-stream');
    expect(posted(srv, 'tools/call')).toBe(1);
  });

  it('resumes several times in a row, each GET from the last event id seen, with the session headers', async () => {
    let callId: unknown;
    const seen: number[] = [];
    const {
      server: srv,
      client,
      pauses,
    } = await setUp(
      (received, res) => {
        callId = received.message?.id;
        streamThenBreak(res, [[progress(callId, 1), '1']]);
      },
      (received, res) => {
        if (received.headers['last-event-id'] === '1') return streamThenBreak(res, [[progress(callId, 2), '2']]);
        openStream(res);
        if (received.headers['last-event-id'] !== '2') return void res.end();
        sendEvent(
          res,
          { jsonrpc: '2.0', id: callId, result: { content: [{ type: 'text', text: 'third time' }] } },
          '3',
        );
      },
    );
    const result = await client.callTool('flaky', {}, { onProgress: (p) => seen.push(p.progress) });
    expect(result.content).toEqual([{ type: 'text', text: 'third time' }]);
    expect(seen).toEqual([1, 2]);
    expect(gets(srv).map((r) => r.headers['last-event-id'])).toEqual(['1', '2']);
    for (const get of gets(srv)) {
      expect(get.headers['mcp-session-id']).toBe('s-1');
      expect(get.headers['mcp-protocol-version']).toBe('2025-06-18');
      expect(get.headers.accept).toBe('text/event-stream');
    }
    expect(posted(srv, 'tools/call')).toBe(1);
    // No `retry:` field: each resumption waits the default delay first.
    expect(pauses).toEqual([DEFAULT_RECONNECT_MS / 1000, DEFAULT_RECONNECT_MS / 1000]);
  });

  it("waits the stream's retry field before resuming, and keeps the last one given", async () => {
    let callId: unknown;
    const {
      server: srv,
      client,
      pauses,
    } = await setUp(
      (received, res) => {
        callId = received.message?.id;
        openStream(res);
        res.write('id: p-1\nretry: 500\ndata: \n\n');
        later(10, () => res.end());
      },
      (received, res) => {
        openStream(res);
        if (received.headers['last-event-id'] === 'p-1') {
          res.write('id: p-2\ndata: \n\n');
          return void later(10, () => res.end());
        }
        sendEvent(res, { jsonrpc: '2.0', id: callId, result: { content: [] } }, 'p-3');
      },
    );
    const result = await client.callTool('polled', {});
    expect(result.content).toEqual([]);
    expect(pauses).toEqual([0.5, 0.5]);
    expect(gets(srv).map((r) => r.headers['last-event-id'])).toEqual(['p-1', 'p-2']);
    expect(posted(srv, 'tools/call')).toBe(1);
  });

  it('keeps resuming while each stream gives an event id, until the call runs out of time', async () => {
    let callId: unknown;
    let next = 1;
    const { server: srv, client } = await setUp(
      (received, res) => {
        callId = received.message?.id;
        streamThenBreak(res, [[progress(callId, next), String(next)]]);
      },
      (_received, res) => {
        next += 1;
        streamThenBreak(res, [[progress(callId, next), String(next)]]);
      },
    );
    const error = await client.callTool('acts', {}, { timeout: 0.5 }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(McpRequestCancelledError);
    expect((error as McpRequestCancelledError).reason).toBe('timeout');
    expect(gets(srv).length).toBeGreaterThanOrEqual(1);
    expect(posted(srv, 'tools/call')).toBe(1);
  });

  it('stops resuming when a resumed stream gives no event id: the request may have run', async () => {
    let callId: unknown;
    const { server: srv, client } = await setUp(
      (received, res) => {
        callId = received.message?.id;
        streamThenBreak(res, [[progress(callId, 1), '1']]);
      },
      (_received, res) => streamThenBreak(res, [[progress(callId, 2), undefined]]),
    );
    const error = await client.callTool('acts', {}).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(HttpServerError);
    const message = (error as Error).message;
    expect(message).toMatch(/event stream broke without a JSON-RPC response/);
    expect(message).toMatch(/the resumed stream gave no event id/);
    expect(message).toMatch(/may have run.*not sent again/);
    expect(gets(srv)).toHaveLength(1);
    expect(posted(srv, 'tools/call')).toBe(1);
  });

  it('rejects without sending the request again when the server answers the resumption GET with 405', async () => {
    const {
      server: srv,
      client,
      pauses,
    } = await setUp((received, res) => streamThenBreak(res, [[progress(received.message?.id, 1), 'ev-1']]));
    const error = await client.callTool('acts', {}).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(HttpServerError);
    const message = (error as Error).message;
    expect(message).toMatch(/event stream broke without a JSON-RPC response/);
    expect(message).toMatch(/could not be resumed \(GET answered 405\)/);
    expect(message).toMatch(/may have run.*not sent again/);
    expect(gets(srv)).toHaveLength(1);
    expect(gets(srv)[0].headers['last-event-id']).toBe('ev-1');
    expect(posted(srv, 'tools/call')).toBe(1);
    // One resumption, after the default delay (the stream named no `retry:`).
    expect(pauses).toEqual([DEFAULT_RECONNECT_MS / 1000]);
  });

  it('does not try to resume a stream that broke before any event carried an id', async () => {
    const { server: srv, client } = await setUp((received, res) =>
      streamThenBreak(res, [[progress(received.message?.id, 1), undefined]]),
    );
    const error = await client.callTool('acts', {}).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(HttpServerError);
    const message = (error as Error).message;
    expect(message).toMatch(/event stream broke without a JSON-RPC response/);
    expect(message).toMatch(/no event id to resume from/);
    expect(message).toMatch(/may have run.*not sent again/);
    expect(gets(srv)).toHaveLength(0);
    expect(posted(srv, 'tools/call')).toBe(1);
  });

  it('does not send a safe method again either once its stream has broken: the POST was answered', async () => {
    const {
      server: srv,
      client,
      pauses,
    } = await setUp((received, res) =>
      streamThenBreak(res, [[{ jsonrpc: '2.0', method: 'notifications/message', params: {} }, undefined]]),
    );
    const error = await client.call('tools/list', {}).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(HttpServerError);
    expect((error as Error).message).toMatch(
      /event stream broke without a JSON-RPC response.*no event id to resume from/,
    );
    expect(gets(srv)).toHaveLength(0);
    expect(posted(srv, 'tools/list')).toBe(1);
    // Not resumed: no wait either.
    expect(pauses).toEqual([]);
  });

  it('fails without sending the request again when a stream without event ids ends before the response', async () => {
    const { server: srv, client } = await setUp((_received, res) => {
      openStream(res);
      sendEvent(res, { jsonrpc: '2.0', method: 'notifications/message', params: {} });
      later(10, () => res.end());
    });
    const error = await client.callTool('acts', {}).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(HttpServerError);
    expect((error as Error).message).toMatch(/event stream ended without a JSON-RPC response.*not sent again/);
    expect(posted(srv, 'tools/call')).toBe(1);
    expect(gets(srv)).toHaveLength(0);
  });

  it('delivers each progress event once when the server replays the events after Last-Event-ID', async () => {
    let callId: unknown;
    const seen: number[] = [];
    // The server's log of this stream's events; a resumption replays those after Last-Event-ID.
    const events: (readonly [unknown, string])[] = [];
    const { server: srv, client } = await setUp(
      (received, res) => {
        callId = received.message?.id;
        events.push([progress(callId, 1), 'e1'], [progress(callId, 2), 'e2'], [progress(callId, 3), 'e3']);
        streamThenBreak(res, events.slice(0, 2));
      },
      (received, res) => {
        openStream(res);
        const after = events.findIndex(([, id]) => id === received.headers['last-event-id']) + 1;
        for (const [message, id] of events.slice(after)) sendEvent(res, message, id);
        sendEvent(res, { jsonrpc: '2.0', id: callId, result: { content: [] } }, 'e4');
      },
    );
    await client.call('tools/call', { name: 'steps', arguments: {} }, { onProgress: (p) => seen.push(p.progress) });
    expect(gets(srv).map((r) => r.headers['last-event-id'])).toEqual(['e2']);
    expect(seen).toEqual([1, 2, 3]);
    expect(posted(srv, 'tools/call')).toBe(1);
  });
});
