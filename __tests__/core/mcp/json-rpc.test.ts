import { describe, expect, it } from '@jest/globals';
import {
  findJsonRpcResponse,
  isJsonRpcResponse,
  jsonRpcNotification,
  jsonRpcRequest,
  jsonMessages,
  isJsonRpcRequest,
  isJsonRpcNotification,
} from '../../../src/core/mcp/json-rpc.js';

describe('jsonRpcRequest / jsonRpcNotification', () => {
  it('builds a 2.0 request, leaving params out when absent', () => {
    expect(jsonRpcRequest('tools/list', undefined, 42)).toEqual({ jsonrpc: '2.0', id: 42, method: 'tools/list' });
    expect(jsonRpcRequest('tools/call', { name: 'x' }, 'a')).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      method: 'tools/call',
      params: { name: 'x' },
    });
  });

  it('builds a notification without an id', () => {
    expect(jsonRpcNotification('notifications/initialized')).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/initialized',
    });
    expect(jsonRpcNotification('n', { a: 1 })).toEqual({ jsonrpc: '2.0', method: 'n', params: { a: 1 } });
  });

  it('refuses an empty method or an unusable id', () => {
    expect(() => jsonRpcRequest('', undefined, 1)).toThrow(TypeError);
    expect(() => jsonRpcRequest('m', undefined, Number.NaN)).toThrow(TypeError);
    expect(() => jsonRpcNotification('')).toThrow(TypeError);
  });
});

describe('isJsonRpcResponse', () => {
  it('accepts results and well-formed errors, and nothing else', () => {
    expect(isJsonRpcResponse({ jsonrpc: '2.0', id: 1, result: null })).toBe(true);
    expect(isJsonRpcResponse({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })).toBe(true);
    expect(isJsonRpcResponse({ jsonrpc: '2.0', id: 1, method: 'ping' })).toBe(false);
    expect(isJsonRpcResponse({ jsonrpc: '1.0', id: 1, result: {} })).toBe(false);
    expect(isJsonRpcResponse({ error: { code: 2100, message: 'Not Found' } })).toBe(false);
    expect(isJsonRpcResponse({ jsonrpc: '2.0', id: 1, error: { message: 'no code' } })).toBe(false);
  });
});

describe('jsonMessages', () => {
  it('decodes a JSON body, and spreads a batch', () => {
    expect(jsonMessages('{"a":1}')).toEqual([{ a: 1 }]);
    expect(jsonMessages('[{"a":1},{"b":2}]')).toEqual([{ a: 1 }, { b: 2 }]);
    expect(jsonMessages('')).toEqual([]);
  });

  it('throws SyntaxError for a body that is not JSON', () => {
    expect(() => jsonMessages('<html>')).toThrow(SyntaxError);
  });
});

describe('isJsonRpcRequest / isJsonRpcNotification', () => {
  it('tells requests (method and id) from notifications (method, no id) and responses', () => {
    expect(isJsonRpcRequest({ jsonrpc: '2.0', id: 1, method: 'ping' })).toBe(true);
    expect(isJsonRpcRequest({ jsonrpc: '2.0', method: 'ping' })).toBe(false);
    expect(isJsonRpcRequest({ jsonrpc: '2.0', id: 1, result: {} })).toBe(false);
    expect(isJsonRpcNotification({ jsonrpc: '2.0', method: 'notifications/progress' })).toBe(true);
    expect(isJsonRpcNotification({ jsonrpc: '2.0', id: 1, method: 'ping' })).toBe(false);
    expect(isJsonRpcNotification({ method: 'x' })).toBe(false);
  });
});

describe('findJsonRpcResponse', () => {
  const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: {} };
  const other = { jsonrpc: '2.0', id: 'other', result: 'no' };
  const mine = { jsonrpc: '2.0', id: 'mine', result: 'yes' };

  it('returns the response whose id matches, passing over notifications and other ids', () => {
    expect(findJsonRpcResponse([progress, other, mine], 'mine')).toBe(mine);
  });

  it('does not confuse the number 1 with the string "1"', () => {
    expect(findJsonRpcResponse([{ jsonrpc: '2.0', id: '1', result: 0 }], 1)).toBeUndefined();
  });

  it('falls back to an error with a null id, and gives undefined when nothing answers', () => {
    const parseError = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
    expect(findJsonRpcResponse([other, parseError], 'mine')).toBe(parseError);
    expect(findJsonRpcResponse([progress, other], 'mine')).toBeUndefined();
  });
});
