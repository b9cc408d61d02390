/** The emulator's `/mcp` refuses a foreign Host or Origin (DNS rebinding protection). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { foreignHostOrOrigin } from '../../../src/emulator/mcp/mcp-host-check.js';
import { realSockets } from '../../helpers/test-kit.js';

/** A POST of `initialize` with the Host and Origin given (fetch may not set Host). */
function initialize(emulator: Emulator, key: string, headers: Record<string, string>): Promise<number> {
  const url = new URL(`${emulator.url}/mcp`);
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          Authorization: `Token token=${key}`,
          ...headers,
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('foreignHostOrOrigin', () => {
  it('accepts loopback hosts and origins, with or without a port', () => {
    expect(foreignHostOrOrigin('127.0.0.1:8080', undefined)).toBeUndefined();
    expect(foreignHostOrOrigin('localhost', 'http://localhost:3000')).toBeUndefined();
    expect(foreignHostOrOrigin('[::1]:9', 'http://[::1]:9')).toBeUndefined();
    expect(foreignHostOrOrigin(undefined, 'null')).toBeUndefined();
  });

  it('refuses any other host or origin, and an origin that is not a URL', () => {
    expect(foreignHostOrOrigin('evil.example.com', undefined)).toMatch(/Host evil.example.com/);
    expect(foreignHostOrOrigin('127.0.0.1:80', 'http://evil.example.com')).toMatch(/Origin/);
    expect(foreignHostOrOrigin('localhost.evil.com', undefined)).toMatch(/Host/);
    expect(foreignHostOrOrigin('localhost', 'not a url')).toMatch(/not a URL/);
  });
});

describe('the emulator’s MCP endpoint: Host and Origin', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    realSockets();
    emulator = await startEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('answers 403 to a request rebound from a foreign name, and 200 from a loopback one', async () => {
    const key = emulator.keys.account;
    const foreign = await initialize(emulator, key, { Host: 'evil.example.com', Origin: 'http://evil.example.com' });
    const local = await initialize(emulator, key, { Origin: 'http://localhost:5173' });
    expect(foreign).toBe(403);
    expect(local).toBe(200);
  });
});
