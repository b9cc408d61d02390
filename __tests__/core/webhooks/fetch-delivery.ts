// Fetch `Request`s of deliveries, for the fetch handler (no sockets involved).
import { signWebhookBody } from '../../../src/core/webhooks/verify-signature.js';

const URL_OF_RECEIVER = 'http://receiver.test/pagerduty';

/** A POST of `body`, signed with each of `secrets` (none: unsigned), with `X-Webhook-Id: webhookId`. */
export function signedRequest(body: string, secrets: string | readonly string[], webhookId?: string): Request {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (list.length > 0) headers['x-pagerduty-signature'] = list.map((secret) => signWebhookBody(body, secret)).join(',');
  if (webhookId !== undefined) headers['x-webhook-id'] = webhookId;
  return new Request(URL_OF_RECEIVER, { method: 'POST', body, headers });
}

/** A POST whose body arrives as the test writes it, with no Content-Length. */
export function streamingRequest(headers: Record<string, string>): {
  request: Request;
  write(text: string): void;
  end(): void;
} {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({ start: (control) => void (controller = control) });
  const request = new Request(URL_OF_RECEIVER, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
  return {
    request,
    write: (text) => controller?.enqueue(new TextEncoder().encode(text)),
    end: () => controller?.close(),
  };
}

/** The status and the trimmed text of a response. */
export async function answerOf(response: Promise<Response> | Response): Promise<{ status: number; text: string }> {
  const settled = await response;
  return { status: settled.status, text: (await settled.text()).trim() };
}
