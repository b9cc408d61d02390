import http from 'node:http';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createWebhookHandler } from '../../../src/core/webhooks/webhook-handler.js';
import type { WebhookRejection } from '../../../src/core/webhooks/webhook-options.js';
import { signWebhookBody } from '../../../src/core/webhooks/verify-signature.js';
import { realSockets } from '../../helpers/test-kit.js';
import { recordingResponse, settled, streamingRequest } from './direct-delivery.js';
import { deliveryBody, serve, type TestServer } from './webhook-server.js';

beforeAll(realSockets);

const SECRET = 'whsec-slow';
let server: TestServer | undefined;
afterEach(async () => {
  jest.useRealTimers();
  await server?.close();
  server = undefined;
});

describe('createWebhookHandler: a body read too slowly', () => {
  it('answers 408 and closes the connection when the body is not complete within bodyTimeoutMs', async () => {
    const rejections: WebhookRejection[] = [];
    let calls = 0;
    server = await serve(
      createWebhookHandler({
        secrets: SECRET,
        bodyTimeoutMs: 50,
        onEvent: () => void (calls += 1),
        onRejected: (rejection) => void rejections.push(rejection),
      }),
    );
    const url = server.url;
    const body = deliveryBody();
    const { status, closed } = await new Promise<{ status: number; closed: Promise<void> }>((resolve, reject) => {
      const request = http.request(url, {
        method: 'POST',
        headers: {
          'content-length': String(Buffer.byteLength(body)),
          'x-pagerduty-signature': signWebhookBody(body, SECRET),
        },
      });
      const closed = new Promise<void>((done) => request.once('close', () => done()));
      request.on('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, closed });
      });
      request.on('error', reject);
      // Half the body, and then nothing: a trickle that stalls.
      request.write(body.slice(0, 20));
    });
    expect(status).toBe(408);
    await closed;
    expect(rejections.map((rejection) => [rejection.status, rejection.reason])).toEqual([[408, 'body-timeout']]);
    expect(calls).toBe(0);
  });

  it('limits the body to 10 seconds by default', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    const handler = createWebhookHandler({ secrets: SECRET, onEvent: () => {}, onRejected: () => {} });
    const req = streamingRequest({ 'x-pagerduty-signature': signWebhookBody('{}', SECRET) });
    const response = recordingResponse();
    void handler(req, response.res);
    req.write('{');
    jest.advanceTimersByTime(9_999);
    await settled();
    expect(response.answered).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await response.answer).toEqual({
      status: 408,
      text: 'body-timeout',
      headers: expect.objectContaining({ connection: 'close' }),
    });
  });

  it('has no limit with bodyTimeoutMs: 0', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    let calls = 0;
    const handler = createWebhookHandler({ secrets: SECRET, bodyTimeoutMs: 0, onEvent: () => void (calls += 1) });
    const body = deliveryBody();
    const req = streamingRequest({ 'x-pagerduty-signature': signWebhookBody(body, SECRET) });
    const response = recordingResponse();
    void handler(req, response.res);
    req.write(body.slice(0, 20));
    jest.advanceTimersByTime(3_600_000);
    await settled();
    expect(response.answered).toBe(false);
    req.end(body.slice(20));
    expect((await response.answer).status).toBe(200);
    expect(calls).toBe(1);
  });

  it.each([-1, Number.NaN])('refuses bodyTimeoutMs: %p when created', (bodyTimeoutMs) => {
    expect(() => createWebhookHandler({ secrets: SECRET, bodyTimeoutMs, onEvent: () => {} })).toThrow(TypeError);
  });
});
