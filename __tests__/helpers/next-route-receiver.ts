/**
 * A child process of the framework receivers test (run with `node --import tsx`, without nock, whose
 * global `Request` patch breaks Next's `NextRequest`): mounts the Next.js App Router example route in
 * next-test-api-route-handler (Next's own route module), reads one JSON line on stdin
 * (`{ secret, body, headers }`, a delivery the emulator signed), sends it forged, then twice as it
 * is, and prints `{ answers, lines }`: each answer's status and text, and what the route logged.
 */
import { createInterface } from 'node:readline';
import { testApiHandler } from 'next-test-api-route-handler';

interface Delivery {
  secret: string;
  body: string;
  headers: Record<string, string>;
}

const [line] = await createInterface({ input: process.stdin })
  [Symbol.asyncIterator]()
  .next()
  .then((next) => [next.value as string]);
const delivery = JSON.parse(line) as Delivery;
process.env.PAGERDUTY_WEBHOOK_SECRET = delivery.secret;
const lines: string[] = [];
console.log = (text: string) => void lines.push(text);
const route = await import('../../examples/webhooks/next-app-router/app/api/pagerduty/route.js');
const answers: { status: number; text: string }[] = [];
await testApiHandler({
  appHandler: route,
  url: '/api/pagerduty',
  test: async ({ fetch }) => {
    for (const forged of [true, false, false]) {
      const headers = { ...delivery.headers };
      if (forged) headers['x-pagerduty-signature'] = `v1=${'0'.repeat(64)}`;
      const response = await fetch({ method: 'POST', body: delivery.body, headers });
      answers.push({ status: response.status, text: (await response.text()).trim() });
    }
  },
});
process.stdout.write(`${JSON.stringify({ answers, lines })}\n`);
process.exit(0);
