/**
 * One delivery attempt: POST the exact body, signed, to the subscription's URL, and say
 * what came of it. Node's own `http`/`https`, a fresh connection per attempt (no agent
 * keeps a socket, or the process, alive).
 *
 * @module
 */
import { signWebhookBody } from '../../core/webhooks/verify-signature.js';
import http from 'node:http';
import https from 'node:https';

/** The User-Agent of the emulator's deliveries, as the service names its own. */
export const WEBHOOK_USER_AGENT = 'PagerDuty-Webhook/V3.0';

/** What one attempt met: an HTTP status, or a transport error (refused, reset, timeout). */
export type AttemptOutcome = { status: number } | { error: string };

/** What an attempt sends. */
export interface WebhookRequest {
  /** The subscription's URL. */
  url: string;
  /** The exact body, signed as is. */
  body: string;
  /** The subscription's secret. */
  secret: string;
  /** `X-Webhook-Id`: the same on every attempt of one delivery. */
  webhookId: string;
  /** `X-Webhook-Subscription`. */
  subscriptionId: string;
  /** The subscription's custom headers (ours win on a clash). */
  customHeaders: readonly { name: string; value: string }[];
}

/** The headers of an attempt. */
export function webhookHeaders(request: WebhookRequest): Record<string, string> {
  const custom = Object.fromEntries(request.customHeaders.map((header) => [header.name.toLowerCase(), header.value]));
  return {
    ...custom,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(request.body)),
    'user-agent': WEBHOOK_USER_AGENT,
    'x-pagerduty-signature': signWebhookBody(request.body, request.secret),
    'x-webhook-id': request.webhookId,
    'x-webhook-subscription': request.subscriptionId,
  };
}

/** Makes one attempt; never rejects. `timeout` covers everything up to the answer's status line. */
export function sendWebhook(request: WebhookRequest, timeout: number, signal: AbortSignal): Promise<AttemptOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: AttemptOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const target = new URL(request.url);
    const transport = target.protocol === 'https:' ? https : http;
    let outgoing: http.ClientRequest;
    try {
      outgoing = transport.request(
        target,
        { method: 'POST', headers: webhookHeaders(request), agent: false, signal },
        (response) => {
          response.on('error', () => undefined);
          response.resume();
          settle({ status: response.statusCode ?? 0 });
        },
      );
    } catch (error) {
      // A header Node refuses to send: an answer that will never come, like a refused connection.
      resolve({ error: error instanceof Error ? error.message : String(error) });
      return;
    }
    const timer = setTimeout(() => {
      settle({ error: `no answer within ${timeout} ms` });
      outgoing.destroy();
    }, timeout);
    outgoing.on('error', (error) => settle({ error: error.message }));
    outgoing.end(request.body);
  });
}

/**
 * What an outcome means: `delivered` (2xx), `retry` (timeout, 5xx, 429, transport error) or
 * `drop` (other 4xx and the rest).
 */
export function classifyOutcome(outcome: AttemptOutcome): 'delivered' | 'retry' | 'drop' {
  if ('error' in outcome) return 'retry';
  if (outcome.status >= 200 && outcome.status < 300) return 'delivered';
  if (outcome.status >= 500 || outcome.status === 429) return 'retry';
  return 'drop';
}
