import { describe, expect, it } from '@jest/globals';
import {
  failureParts,
  progressOf,
  replyInJson,
  withCause,
  withProgressToken,
} from '../../../src/core/mcp/mcp-exchange.js';
import type { FetchResponse } from '../../../src/core/platform/fetch-types.js';

describe('replyInJson', () => {
  it('finds the response to the request among the messages', () => {
    const reply = { jsonrpc: '2.0', id: 2, result: {} };
    const text = JSON.stringify([{ jsonrpc: '2.0', id: 1, result: {} }, reply]);
    expect(replyInJson(text, 2, true)).toEqual({ reply });
  });

  it('takes a JSON-RPC error on a failed status, and leaves any other failed body to the status', () => {
    const failure = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'bad' } };
    expect(replyInJson(JSON.stringify(failure), 5, false)).toEqual({ reply: failure });
    expect(replyInJson(JSON.stringify({ jsonrpc: '2.0', id: 5, result: {} }), 5, false)).toEqual({});
    expect(replyInJson('<html>', 5, false)).toEqual({});
  });

  it('says why a successful reply holds no response', () => {
    expect(replyInJson('<html>', 1, true)).toEqual({ detail: 'MCP server replied with a body that is not valid JSON' });
    expect(replyInJson('', 'x', true)).toEqual({
      detail: 'MCP server replied without a JSON-RPC response to request id "x"',
    });
  });
});

describe('progressOf', () => {
  it('is the progress report with this call token, nothing else', () => {
    const params = { progressToken: 3, progress: 1, total: 4 };
    expect(progressOf({ jsonrpc: '2.0', method: 'notifications/progress', params }, 3)).toEqual(params);
    expect(progressOf({ jsonrpc: '2.0', method: 'notifications/progress', params }, 4)).toBeUndefined();
    expect(
      progressOf({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 3 } }, 3),
    ).toBeUndefined();
    expect(progressOf({ jsonrpc: '2.0', method: 'notifications/message', params }, 3)).toBeUndefined();
  });
});

describe('withProgressToken', () => {
  it('adds the token to _meta, keeping the caller params and _meta unchanged', () => {
    const params = { name: 't', _meta: { trace: 'a' } };
    expect(withProgressToken(params, 9)).toEqual({ name: 't', _meta: { trace: 'a', progressToken: 9 } });
    expect(params).toEqual({ name: 't', _meta: { trace: 'a' } });
  });
});

describe('failureParts and withCause', () => {
  const response = { url: 'http://127.0.0.1/mcp', status: 200 } as unknown as FetchResponse;

  it('names the request and carries the detail (the status decides the class)', () => {
    expect(failureParts({ kind: 'failed', response, body: 'x', detail: 'why' })).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1/mcp',
      response,
      body: 'x',
      detail: 'why',
    });
  });

  it('gives an error the cause only when it has none', () => {
    const broke = new Error('socket');
    expect(withCause(new Error('a'), broke).cause).toBe(broke);
    const own = new Error('own');
    expect(withCause(new Error('b', { cause: own }), broke).cause).toBe(own);
    expect(withCause(new Error('c'), undefined).cause).toBeUndefined();
  });
});
