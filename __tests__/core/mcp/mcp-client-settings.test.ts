import { describe, expect, it } from '@jest/globals';
import { MCP_BASE_URL, mcpClientSettings } from '../../../src/core/mcp/mcp-client-settings.js';

describe('mcpClientSettings', () => {
  it('works out the defaults once', () => {
    const settings = mcpClientSettings('key', {});
    expect(settings.path).toBe('/mcp');
    expect(settings.era).toBe('legacy');
    expect(settings.engine.baseUrl).toBe(MCP_BASE_URL);
    expect(settings.clientInfo.name).toBe('pagerduty-client');
    expect(settings.listens).toBe(false);
    expect(settings.limitDefaults).toEqual({ callTimeout: 60, maxTotalTimeout: undefined });
  });

  it('keeps the session options out of the engine options', () => {
    const settings = mcpClientSettings('key', { endpointPath: '/x', protocolEra: 'auto', callTimeout: 5, timeout: 9 });
    expect(settings.engine).toEqual({ baseUrl: MCP_BASE_URL, timeout: 9 });
    expect(settings.path).toBe('/x');
    expect(settings.era).toBe('unknown');
  });

  it('listens on the server stream only when there is something to hear, and declares the features', () => {
    const settings = mcpClientSettings('key', { roots: [{ uri: 'file:///a' }], capabilities: { extra: {} } });
    expect(settings.listens).toBe(true);
    expect(settings.capabilities).toEqual({ roots: { listChanged: false }, extra: {} });
  });

  it('refuses bad options before anything is sent', () => {
    expect(() => mcpClientSettings('key', { endpointPath: 'mcp' })).toThrow('endpointPath must be a path');
    expect(() => mcpClientSettings('key', { protocolEra: 'x' as never })).toThrow("protocolEra must be 'stateful'");
    expect(() => mcpClientSettings('key', { callTimeout: 60_000 })).toThrow(/callTimeout/);
    expect(() => mcpClientSettings('key', { nope: 1 } as never)).toThrow(/nope/);
  });
});
