/**
 * `pagerduty webhooks listen`: a loopback (or given-host) server that verifies PagerDuty's
 * V3 webhooks with the library's handler and prints each verified event, one line (or one
 * JSON document) per event. Loaded only when the command runs.
 *
 * @module
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookHandler } from '../../core/webhooks/webhook-handler.js';
import type { AnyWebhookEvent } from '../../core/webhooks/event-union.js';

/** What the listener needs: already checked by the command. */
export interface WebhookListenerArgs {
  /** The port; 0 picks a free one. */
  readonly port: number;
  /** The interface to listen on. */
  readonly host: string;
  /** The subscription secrets (never printed); empty only with `allowUnsigned`. */
  readonly secrets: readonly string[];
  /** Accept requests without a signature. */
  readonly allowUnsigned: boolean;
  /** Print each event as one line of JSON instead of a summary line. */
  readonly json: boolean;
}

/** Where the listener writes, and when it stops. */
export interface WebhookListenerIo {
  /** Writes one line of output. */
  readonly write: (line: string) => void;
  /** Writes one line about a refused request or a failure. */
  readonly warn: (line: string) => void;
  /** Stops the server when it settles. */
  readonly until: Promise<unknown>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * What a first-time user needs to hear: nothing arrives until PagerDuty is told to send
 * here, and PagerDuty reaches only a public HTTPS address.
 */
export const SUBSCRIPTION_HINT =
  'pagerduty: events arrive only once a webhook subscription points at this URL ' +
  '(PagerDuty sends to a public https:// address: put a tunnel in front of this port); ' +
  'its secret goes to --secret';

/** The summary line of an event: when, what, which object, and its title or summary. */
export function eventLine(event: AnyWebhookEvent, verified: boolean): string {
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
  const incident = (typeof data.incident === 'object' && data.incident !== null ? data.incident : {}) as Record<
    string,
    unknown
  >;
  const subject = text(data.id) ?? text(incident.id) ?? '-';
  const label =
    text(data.title) ?? text(data.summary) ?? text(data.message) ?? text(data.content) ?? text(incident.summary);
  return [
    event.occurred_at,
    event.event_type,
    subject,
    ...(label ? [JSON.stringify(label)] : []),
    ...(verified ? [] : ['(unsigned)']),
  ].join(' ');
}

/** Serves until `io.until` settles; prints the URL first. Resolves to exit status 0. */
export async function runWebhookListener(args: WebhookListenerArgs, io: WebhookListenerIo): Promise<number> {
  const handler = createWebhookHandler({
    ...(args.secrets.length > 0 ? { secrets: args.secrets } : {}),
    allowUnsigned: args.allowUnsigned,
    onEvent: (event, delivery) => io.write(args.json ? JSON.stringify(event) : eventLine(event, delivery.verified)),
    onRejected: (rejection) => io.warn(`pagerduty: refused a request: ${rejection.status} ${rejection.reason}`),
    onError: (error) => io.warn(`pagerduty: failed: ${error instanceof Error ? error.message : String(error)}`),
  });
  const server = http.createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(args.port, args.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = args.host.includes(':') ? `[${args.host}]` : args.host;
  const secrets = `${args.secrets.length} secret${args.secrets.length === 1 ? '' : 's'}`;
  const unsigned = args.allowUnsigned ? ', unsigned accepted' : '';
  io.write(`listening for PagerDuty webhooks on http://${host}:${port}/ (${secrets}${unsigned}); Ctrl-C stops`);
  io.warn(SUBSCRIPTION_HINT);
  try {
    await io.until;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return 0;
}
