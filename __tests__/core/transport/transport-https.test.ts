import { seams } from '../../helpers/test-kit.js';
// The client's own https agent, as every request to PagerDuty uses it: a loopback TLS
// server with a certificate made for the test (openssl). The client's agents are its own,
// so the test makes Node's https agents trust that certificate for its duration (jest's
// `process.env` is a copy, which Node's TLS never reads).
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiClient, NetworkError, RequestAbortedError, tokenAuth } from '../../../src/index.js';
import { fakeTimeouts, timeOutAttempts } from '../../helpers/fake-timeouts.js';
import { instantSleep, realSockets } from '../../helpers/test-kit.js';

type Handler = (res: import('node:http').ServerResponse) => void;

let tls: { key: Buffer; cert: Buffer };
type CreateConnection = (options: object, callback?: unknown) => unknown;
const agentPrototype = https.Agent.prototype as unknown as { createConnection: CreateConnection };
const createConnection = agentPrototype.createConnection;
const servers: https.Server[] = [];
const clients: ApiClient[] = [];

beforeAll(() => {
  realSockets();
  const dir = mkdtempSync(path.join(tmpdir(), 'pagerduty-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    tls = { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  agentPrototype.createConnection = function (this: unknown, options, callback) {
    return createConnection.call(this, { ...options, ca: tls.cert }, callback);
  };
});

afterAll(() => {
  agentPrototype.createConnection = createConnection;
});

afterEach(async () => {
  jest.useRealTimers();
  for (const client of clients.splice(0)) client.close();
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** A TLS server answering the n-th request with `script[n]` (the last one repeats). */
async function serve(script: Handler[]) {
  const state = { url: '', requests: 0, connections: 0, wrote: Promise.resolve() };
  let written: () => void = () => {};
  state.wrote = new Promise<void>((resolve) => (written = resolve));
  const server = https.createServer(tls, (_req, res) => {
    state.requests += 1;
    script[Math.min(state.requests - 1, script.length - 1)](res);
    written();
  });
  server.on('secureConnection', () => (state.connections += 1));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

const ok: Handler = (res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
};
const cutShort: Handler = (res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
  res.write('{"partial":', () => setImmediate(() => (res.socket as Socket).destroy()));
};
const stall: Handler = (res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
  res.write('{"partial":');
};
const never: Handler = () => {};

function client(url: string, options: { timeout?: number; maxNetworkAttempts?: number } = {}) {
  const made = new ApiClient(tokenAuth('u+HTTPSKEY0000wxyz'), {
    baseUrl: url,
    ...seams({ sleep: instantSleep }),
    ...options,
  });
  clients.push(made);
  return made;
}

describe("the client's own https agent", () => {
  it('sends over one kept-alive TLS connection', async () => {
    const server = await serve([ok]);
    const made = client(server.url);
    for (let i = 0; i < 3; i += 1) expect(await made.requestJson('GET', '/x')).toEqual({ ok: true });
    expect(server.connections).toBe(1);
  });

  it('ends an attempt whose body is cut short at once, and retries it', async () => {
    const server = await serve([cutShort, ok]);
    const made = client(server.url);
    expect(await made.requestJson('GET', '/x')).toEqual({ ok: true });
    expect(server.requests).toBe(2);
  });

  it('times out a body that stops after the headers, and an answer that never comes', async () => {
    for (const handler of [stall, never]) {
      const server = await serve([handler]);
      fakeTimeouts();
      const made = client(server.url, { timeout: 0.05, maxNetworkAttempts: 0 });
      const pending = made.get('/x').catch((e: unknown) => e);
      // The timeout expires once the request is in: never during the TLS handshake, however slow.
      await timeOutAttempts(() => server.requests, 1, 50);
      const error = (await pending) as NetworkError;
      expect(error).toBeInstanceOf(NetworkError);
      expect(error.code).toBe('ETIMEDOUT');
      jest.useRealTimers();
    }
  });

  it("ends the request at once when the caller's signal fires, before the answer and during the body", async () => {
    for (const handler of [never, stall]) {
      const server = await serve([handler]);
      const made = client(server.url);
      const controller = new AbortController();
      const pending = made.get('/x', { signal: controller.signal as never }).catch((e: unknown) => e);
      await server.wrote;
      for (let turn = 0; turn < 5; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
      controller.abort('enough');
      const error = (await pending) as Error;
      expect(error).toBeInstanceOf(RequestAbortedError);
      expect(error.cause).toBe('enough');
    }
  });
});
