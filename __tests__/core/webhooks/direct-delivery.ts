// Drives a webhook handler without sockets: a fake request and a response that records its answer.
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { WebhookRequest } from '../../../src/core/webhooks/webhook-request.js';
import { signWebhookBody } from '../../../src/core/webhooks/verify-signature.js';

export interface RecordedAnswer {
  readonly status: number;
  readonly text: string;
  readonly headers: Record<string, string>;
}

/** The headers of a delivery of `body` signed with `secret`, with `X-Webhook-Id: webhookId` if given. */
export function deliveryHeaders(body: string, secret: string, webhookId?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-pagerduty-signature': signWebhookBody(body, secret),
    ...(webhookId === undefined ? {} : { 'x-webhook-id': webhookId }),
  };
}

/** A POST whose body a framework already read (`express.raw()`), so the handler reads nothing. */
export function readRequest(body: string, headers: Record<string, string>): WebhookRequest {
  return Object.assign(new PassThrough(), { method: 'POST', headers, body: Buffer.from(body) }) as never;
}

/** A POST whose body is still to come: write to it and end it as a client would. */
export function streamingRequest(headers: Record<string, string>): WebhookRequest & PassThrough {
  return Object.assign(new PassThrough(), { method: 'POST', headers }) as never;
}

/** A response that records the one answer given; `answered` says whether it was given yet. */
export function recordingResponse(): {
  res: ServerResponse;
  answer: Promise<RecordedAnswer>;
  readonly answered: boolean;
} {
  let answered = false;
  let settle: (answer: RecordedAnswer) => void = () => {};
  const answer = new Promise<RecordedAnswer>((resolve) => (settle = resolve));
  let status = 0;
  let headers: Record<string, string> = {};
  const res = {
    headersSent: false,
    writeHead(code: number, sent: Record<string, string>) {
      status = code;
      headers = sent;
      res.headersSent = true;
      return res;
    },
    end(text: string) {
      answered = true;
      settle({ status, text: text.trim(), headers });
      return res;
    },
  };
  return {
    res: res as unknown as ServerResponse,
    answer,
    get answered() {
      return answered;
    },
  };
}

/** Lets every pending promise callback and I/O callback run. */
export const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
