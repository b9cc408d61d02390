import { describe, expect, it } from '@jest/globals';
import {
  MCP_PROTOCOL_VERSION,
  MCP_PROTOCOL_VERSIONS,
  unsupportedVersion,
} from '../../../src/core/mcp/protocol-versions.js';

describe('unsupportedVersion', () => {
  it('accepts every version the client speaks, and a result that names none', () => {
    for (const version of MCP_PROTOCOL_VERSIONS)
      expect(unsupportedVersion({ protocolVersion: version })).toBeUndefined();
    expect(unsupportedVersion({})).toBeUndefined();
    expect(unsupportedVersion(null)).toBeUndefined();
  });

  it('refuses any other version as invalid params, saying what the client speaks', () => {
    expect(unsupportedVersion({ protocolVersion: '2024-11-05' })).toEqual({
      code: -32602,
      message: 'unsupported version 2024-11-05 (the client speaks 2025-11-25, 2025-06-18, 2025-03-26)',
      data: { supported: MCP_PROTOCOL_VERSIONS, requested: '2024-11-05' },
    });
  });

  it('asks for the newest version it speaks', () => {
    expect(MCP_PROTOCOL_VERSIONS[0]).toBe(MCP_PROTOCOL_VERSION);
  });
});
