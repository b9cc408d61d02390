/**
 * A child process of the framework receivers test (run with `node --import tsx`, without nock, whose
 * global `Request` patch breaks Next's `NextRequest`): mounts the Next.js App Router example route in
 * next-test-api-route-handler (Next's own route module), reads one JSON line on stdin
 * (`{ secret, body, headers }`, a delivery the emulator signed), sends it forged, then twice as it
 * is, and prints `{ answers, lines }`: each answer's status and text, and what the route logged.
 */

/** What of next-test-api-route-handler this file uses. */
type TestApiHandler = (options: {
  appHandler: object;
  url: string;
  test: (context: { fetch: (init: RequestInit) => Promise<Response> }) => Promise<void>;
}) => Promise<void>;

// Loaded by a computed name, so that tsc does not load Next's global types (they make
// `process.env.NODE_ENV` required for the whole project's type check).
const NTARH = 'next-test-api-route-handler';
const { testApiHandler } = (await import(NTARH)) as { testApiHandler: TestApiHandler };

interface Delivery {
  secret: string;
  body: string;
  headers: Record<string, string>;
}

let input = '';
for await (const chunk of process.stdin) input += String(chunk);
const delivery = JSON.parse(input) as Delivery;
process.env.PAGERDUTY_WEBHOOK_SECRET = delivery.secret;
const logged: string[] = [];
console.log = (text: string) => void logged.push(text);
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
process.stdout.write(`${JSON.stringify({ answers, lines: logged })}\n`);
process.exit(0);
