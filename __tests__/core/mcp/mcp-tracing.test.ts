// How the MCP client's failures are recorded by the MCP conventions' rules for `error.type` (pure: no SDK).
import { describe, expect, it } from '@jest/globals';
import { NetworkError } from '../../../src/core/errors/error-classes.js';
import { McpError, McpRequestCancelledError, McpSessionExpiredError } from '../../../src/core/mcp/mcp-error.js';
import { mcpAnswer, mcpFailure } from '../../../src/core/mcp/mcp-tracing.js';

describe('mcpFailure', () => {
  it('records a JSON-RPC error by its code, with the server’s message as the status', () => {
    const error = new McpError('tools/call x', { code: -32602, message: 'bad arguments' }, 1, 200);
    expect(mcpFailure(error)).toEqual({ errorType: '-32602', rpcCode: -32602, message: 'bad arguments' });
  });

  it('records a time limit as timeout, an abort as cancelled, an expired session as session_expired', () => {
    expect(mcpFailure(new McpRequestCancelledError('tools/call', 1, 'timeout')).errorType).toBe('timeout');
    expect(mcpFailure(new McpRequestCancelledError('tools/call', 1, 'aborted')).errorType).toBe('cancelled');
    expect(mcpFailure(new McpSessionExpiredError('tools/call', 's-1')).errorType).toBe('session_expired');
  });

  it('records a network failure by its code, and anything else for the trace to name by its class', () => {
    const reset = new NetworkError(
      'POST https://mcp.example/mcp failed',
      Object.assign(new Error('x'), { code: 'ECONNRESET' }),
    );
    expect(mcpFailure(reset)).toEqual({ errorType: 'ECONNRESET' });
    const other = new TypeError('tools/list: the result has no tools array');
    expect(mcpFailure(other)).toEqual({ error: other });
  });
});

describe('mcpAnswer', () => {
  it('makes a tool result with isError a tool_error, and nothing else a failure', () => {
    expect(mcpAnswer('tools/call', { result: { content: [], isError: true } })).toEqual({ errorType: 'tool_error' });
    expect(mcpAnswer('tools/call', { result: { content: [] } })).toEqual({});
    expect(mcpAnswer('tools/list', { result: { isError: true } })).toEqual({});
    expect(mcpAnswer('notifications/initialized', undefined)).toEqual({});
  });
});
