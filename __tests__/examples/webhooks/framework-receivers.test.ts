// The framework examples mounted for real (Express, Hono on @hono/node-server, and a Next.js App Router
// route handler run by next-test-api-route-handler, which drives Next's own route module, in a child
// process without nock), each
// receiving a delivery that the emulator signed: the event reaches onEvent, a forged copy is refused
// 401 and a repeat is answered without running onEvent again.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve as serveHono } from '@hono/node-server';
import { EventsApiV2Client, RestApiV2Client } from '../../../src/index.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import type { AnyWebhookEvent } from '../../../src/webhooks.js';
import { createApp as createExpressApp } from '../../../examples/webhooks/express.js';
import { createApp as createHonoApp } from '../../../examples/webhooks/hono.js';
import { instantRetries, realSockets } from '../../helpers/test-kit.js';

const NEXT_RECEIVER = path.resolve('__tests__/helpers/next-route-receiver.ts');

/** A delivery as the emulator sent it. */
interface Captured {
  readonly body: string;
  readonly headers: Record<string, string>;
}

let emulator: Emulator;
let secret: string;
let delivery: Captured;

// The emulator delivers to a loopback recorder; each framework then gets that signed delivery.
beforeAll(async () => {
  realSockets();
  emulator = await startEmulator({ seedIncidents: 0, webhooks: { retrySchedule: [1] } });
  const captured: Captured[] = [];
  const recorder = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      captured.push({ body: Buffer.concat(chunks).toString('utf8'), headers });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  const rest = new RestApiV2Client(emulator.keys.account, { baseUrl: emulator.url, ...instantRetries });
  const subscription = await rest.rpost<{ delivery_method: { secret: string } }>('/webhook_subscriptions', {
    json: {
      type: 'webhook_subscription',
      delivery_method: {
        type: 'http_delivery_method',
        url: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/pagerduty`,
      },
      events: ['incident.triggered'],
      filter: { type: 'account_reference' },
    },
  });
  secret = subscription.delivery_method.secret;
  const events = new EventsApiV2Client(emulator.keys.routing[0].routingKey, {
    baseUrl: emulator.eventsUrl,
    ...instantRetries,
  });
  await events.trigger('Disk full on db1', 'db1');
  await emulator.webhooksIdle();
  [delivery] = captured;
  rest.close();
  events.close();
  await new Promise<void>((resolve) => recorder.close(() => resolve()));
});
afterAll(async () => {
  await emulator?.close();
});

/** Sends the captured delivery (or a forged copy) to `url`. */
async function post(url: string, forged = false): Promise<{ status: number; text: string }> {
  const headers = { ...delivery.headers };
  delete headers['content-length'];
  delete headers.host;
  if (forged) headers['x-pagerduty-signature'] = `v1=${'0'.repeat(64)}`;
  const response = await fetch(url, { method: 'POST', body: delivery.body, headers });
  return { status: response.status, text: (await response.text()).trim() };
}

function expectTriggered(events: readonly AnyWebhookEvent[]): void {
  expect(events.map((event) => event.event_type)).toEqual(['incident.triggered']);
  expect((events[0].data as { title?: string }).title).toBe('Disk full on db1');
}

describe('a delivery the emulator signed', () => {
  it('is signed as PagerDuty signs it', () => {
    expect(delivery.headers['x-pagerduty-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(delivery.headers['x-webhook-id']).toBeTruthy();
  });

  it('reaches onEvent through Express (express.raw), once; a forged copy is refused 401', async () => {
    const events: AnyWebhookEvent[] = [];
    const server = createExpressApp({ secrets: secret, onEvent: (event) => void events.push(event) }).listen(0);
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pagerduty`;
    try {
      expect(await post(url, true)).toEqual({ status: 401, text: 'no-match' });
      expect(await post(url)).toEqual({ status: 200, text: 'ok' });
      expect(await post(url)).toEqual({ status: 200, text: 'duplicate' });
      expectTriggered(events);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('reaches onEvent through Hono on @hono/node-server, once; a forged copy is refused 401', async () => {
    const events: AnyWebhookEvent[] = [];
    const app = createHonoApp({ secrets: secret, onEvent: (event) => void events.push(event) });
    const server = await new Promise<http.Server>((resolve) => {
      const started = serveHono({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(started as http.Server),
      );
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pagerduty`;
    try {
      expect(await post(url, true)).toEqual({ status: 401, text: 'no-match' });
      expect(await post(url)).toEqual({ status: 200, text: 'ok' });
      expect(await post(url)).toEqual({ status: 200, text: 'duplicate' });
      expectTriggered(events);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("reaches the Next.js App Router route's POST through Next's route module once; a forged copy: 401", async () => {
    const headers = { ...delivery.headers };
    delete headers['content-length'];
    delete headers.host;
    const child = spawn(process.execPath, ['--import', 'tsx', NEXT_RECEIVER], {
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.stdin.end(`${JSON.stringify({ secret, body: delivery.body, headers })}\n`);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`the Next.js receiver exited ${String(code)}:\n${stderr}`);
    const { answers, lines } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      answers: { status: number; text: string }[];
      lines: string[];
    };
    expect(answers).toEqual([
      { status: 401, text: 'no-match' },
      { status: 200, text: 'ok' },
      { status: 200, text: 'duplicate' },
    ]);
    expect(lines).toEqual(['triggered: Disk full on db1']);
  });
});
