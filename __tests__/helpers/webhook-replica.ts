/**
 * A child process of the webhook replicas test (run with `node --import tsx`): one replica of a
 * webhook receiver, `createWebhookHandler` on `node:http` with a Redis delivery store
 * (`REPLICA_REDIS_URL`, `REPLICA_NAMESPACE`, claims of `REPLICA_CLAIM_MS`). Prints `{"port"}` once
 * listening, then `{"ran": <event id>}` each time onEvent runs (before answering). An event whose ID
 * starts with `REPLICA_HANG_PREFIX` (when set) prints `{"inside": <event id>}` and never finishes:
 * the test kills the replica there.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookHandler } from '../../src/core/webhooks/webhook-handler.js';
import { createRedisDeliveryStore } from '../../src/rate-limit-redis/index.js';

const print = (value: object): void => void process.stdout.write(`${JSON.stringify(value)}\n`);
const hangPrefix = process.env.REPLICA_HANG_PREFIX;

const store = await createRedisDeliveryStore({
  url: process.env.REPLICA_REDIS_URL,
  namespace: process.env.REPLICA_NAMESPACE,
  commandTimeoutMs: 500,
});
const handler = createWebhookHandler({
  secrets: process.env.REPLICA_SECRET ?? '',
  store,
  claimMs: Number(process.env.REPLICA_CLAIM_MS),
  onError: () => {},
  onEvent: async (event) => {
    if (hangPrefix && event.id.startsWith(hangPrefix)) {
      print({ inside: event.id });
      await new Promise(() => {});
    }
    // A little work, so that repeats overlap with it.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
    print({ ran: event.id });
  },
});
const server = http.createServer((req, res) => void handler(req, res));
server.listen(0, '127.0.0.1', () => print({ port: (server.address() as AddressInfo).port }));
