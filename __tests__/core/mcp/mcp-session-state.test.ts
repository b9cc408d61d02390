import { describe, expect, it } from '@jest/globals';
import { McpSession } from '../../../src/core/mcp/mcp-session.js';
import { jsonRpcRequest } from '../../../src/core/mcp/json-rpc.js';

const safeTool = { name: 'get', annotations: { readOnlyHint: true, idempotentHint: true } };
const schema = { type: 'object' };
const listed = (session: McpSession, tools: unknown[], cursor?: string) =>
  session.answered(jsonRpcRequest('tools/list', cursor === undefined ? undefined : { cursor }, 1), { tools });

describe('McpSession state', () => {
  it('adds the stateless headers of a request only in the stateless era', () => {
    const request = jsonRpcRequest('tools/call', { name: 'get' }, 1);
    expect(new McpSession().headers(request)).toEqual({});
    const stateless = new McpSession('unknown');
    stateless.settleEra('stateless');
    expect(stateless.era).toBe('stateless');
    expect(stateless.headers(request)).toEqual({
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'get',
    });
    expect(stateless.headers()).toEqual({ 'MCP-Protocol-Version': '2026-07-28' });
  });

  it('keeps the legacy era with no version until initialize', () => {
    const session = new McpSession('unknown');
    session.settleEra('legacy');
    expect(session.era).toBe('legacy');
    expect(session.version).toBeUndefined();
  });

  it('learns from tools/list which tools may be repeated and their output schemas', () => {
    const session = new McpSession();
    expect(session.mayRepeat('tools/call', { name: 'get' })).toBe(false);
    listed(session, [safeTool, { name: 'act', outputSchema: schema }]);
    expect(session.mayRepeat('tools/call', { name: 'get' })).toBe(true);
    expect(session.mayRepeat('tools/call', { name: 'act' })).toBe(false);
    expect(session.outputSchema('act')).toEqual(schema);
    listed(session, [{ name: 'more' }], 'c2');
    expect(session.mayRepeat('tools/call', { name: 'get' })).toBe(true);
  });

  it('forgets the tools when they change, when the session ends, and at a new session', () => {
    const session = new McpSession();
    listed(session, [{ ...safeTool, outputSchema: schema }]);
    session.toolsChanged();
    expect(session.mayRepeat('tools/call', { name: 'get' })).toBe(false);
    expect(session.outputSchema('get')).toBeUndefined();

    session.start('s-1', {}, '2025-11-25');
    listed(session, [{ ...safeTool, outputSchema: schema }]);
    expect(session.forget('s-2')).toBe(false);
    expect(session.outputSchema('get')).toEqual(schema);
    expect(session.forget('s-1')).toBe(true);
    expect(session.mayRepeat('tools/call', { name: 'get' })).toBe(false);

    listed(session, [safeTool]);
    session.start('s-3', {}, '2025-11-25');
    expect(session.mayRepeat('tools/call', { name: 'get' })).toBe(false);
  });

  it('always lets the safe methods repeat', () => {
    expect(new McpSession().mayRepeat('tools/list', undefined)).toBe(true);
  });
});
