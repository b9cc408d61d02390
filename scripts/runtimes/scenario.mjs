// The one scenario every runtime runs (`npm run test:runtimes`), against the emulator started under Node. It
// imports the package by its name, so each runtime resolves the package's entry points and its `#platform` as it
// would for a user. Each step records whether it passed; a failed step records its error and the next ones run.
import { EventsApiV2Client, McpApiClient, OAuthTokenClient, RestApiV2Client } from 'pagerduty-client';
import { startEmulator } from 'pagerduty-client/emulator';
import { createRedisRateLimiter } from 'pagerduty-client/rate-limit-redis';
import {
  checkSignature,
  createFetchWebhookHandler,
  createWebhookHandler,
  signWebhookBody,
  verifySignature,
} from 'pagerduty-client/webhooks';

function check(condition, message) {
  if (!condition) throw new Error(message);
}

function base64Url(bytes) {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * @param config - `url` and `eventsUrl` of the emulator, a user's `apiKey` and `email`, a `routingKey`,
 *   `seedUsers`, and `browser` (the page passes `dangerouslyAllowBrowser` after checking the refusal)
 * @returns `{ runtime, steps: [{ name, ok, detail }] }`
 */
export async function runScenario(config) {
  const steps = [];
  const step = async (name, body) => {
    try {
      steps.push({ name, ok: true, detail: String((await body()) ?? '') });
    } catch (error) {
      steps.push({
        name,
        ok: false,
        detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    }
  };
  const keyOptions = config.browser ? { dangerouslyAllowBrowser: true } : {};

  if (config.browser) {
    await step('browser refuses an API key without dangerouslyAllowBrowser', () => {
      let refused;
      try {
        new RestApiV2Client(config.apiKey, { baseUrl: config.url });
      } catch (error) {
        refused = error;
      }
      check(refused !== undefined && /dangerouslyAllowBrowser/.test(refused.message), 'no refusal');
      new RestApiV2Client('an-oauth-token', { baseUrl: config.url, authType: 'bearer' }).close();
      return 'refused; a bearer token is accepted';
    });
  }
  if (config.nodeAgents === false) {
    await step('the agent option says it needs Node', () => {
      let refused;
      try {
        new RestApiV2Client(config.apiKey, { baseUrl: config.url, agent: {}, ...keyOptions });
      } catch (error) {
        refused = error;
      }
      check(refused !== undefined && /needs Node/.test(refused.message), 'no refusal');
      return refused.message;
    });
  }

  if (config.browser) {
    await step('a page sends only the headers PagerDuty allows', async () => {
      const sent = [];
      const recording = (url, init) => {
        sent.push(...Object.keys(init.headers ?? {}));
        return globalThis.fetch(url, init);
      };
      const options = { baseUrl: config.url, fetch: recording, headers: { 'X-Custom': 'dropped' }, ...keyOptions };
      const client = new RestApiV2Client(config.apiKey, { ...options, defaultFrom: config.email });
      await client.rget('/users/me');
      client.close();
      const allowed = ['accept', 'authorization', 'content-type', 'from', 'x-early-access', 'x-pagerduty-api-local'];
      const others = sent.filter((name) => !allowed.includes(name.toLowerCase()));
      check(others.length === 0, `also sent ${others.join(', ')}`);
      check(sent.includes('From'), 'From was not sent');
      return sent.join(', ');
    });
  }

  if (config.nodeModules === false) {
    await step('the Node-only features say so', async () => {
      const messages = [];
      const refusal = async (use) => {
        try {
          await use();
        } catch (error) {
          messages.push(error.message);
          return;
        }
        throw new Error('no refusal');
      };
      await refusal(() => createWebhookHandler({ secrets: ['s'], onEvent: () => undefined }));
      await refusal(() => startEmulator());
      await refusal(() => createRedisRateLimiter());
      check(
        messages.every((message) => /needs Node/.test(message)),
        messages.join('; '),
      );
      return messages[0];
    });
  }

  const rest = new RestApiV2Client(config.apiKey, { baseUrl: config.url, ...keyOptions });
  await step("REST listAll('/users')", async () => {
    const users = await rest.listAll('/users');
    check(users.length === config.seedUsers, `${users.length} users, expected ${config.seedUsers}`);
    return `${users.length} users`;
  });
  await step("REST rget('/users/me')", async () => {
    const me = await rest.rget('/users/me');
    check(me.email === config.email, `got ${me.email}`);
    return me.email;
  });
  rest.close();

  await step('Events trigger', async () => {
    const events = new EventsApiV2Client(config.routingKey, { baseUrl: config.eventsUrl });
    const dedupKey = await events.trigger('Runtime check', 'runtimes.example.com', { severity: 'info' });
    events.close();
    check(typeof dedupKey === 'string' && dedupKey.length > 0, 'no dedup key');
    return dedupKey;
  });

  await step('OAuth PKCE parameters', async () => {
    const oauth = new OAuthTokenClient('runtime-client-secret', 'runtime-client-id', { baseUrl: config.url });
    const [verifier, challenge] = oauth.generateS256PkceParams();
    oauth.close();
    check(/^[A-Za-z0-9_-]{43}$/.test(verifier), `verifier ${verifier}`);
    // Checked against the runtime's own Web Crypto, not the library's hash.
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    check(challenge === base64Url(new Uint8Array(digest)), 'the challenge is not the S256 of the verifier');
    return 'S256 challenge matches Web Crypto';
  });

  await step('webhook signed and verified', () => {
    const body = JSON.stringify({ event: { id: '01RUNTIME', event_type: 'incident.triggered', data: {} } });
    const signature = signWebhookBody(body, 'runtime-webhook-secret');
    verifySignature(body, signature, ['runtime-webhook-secret']);
    verifySignature(new TextEncoder().encode(body), signature, ['runtime-webhook-secret']);
    check(!checkSignature(body, signature, ['another-secret']).ok, 'a wrong secret verified');
    check(!checkSignature(`${body} `, signature, ['runtime-webhook-secret']).ok, 'a changed body verified');
    return signature.slice(0, 12);
  });

  // Signed as the emulator signs its deliveries (its sender calls the same signWebhookBody).
  await step('fetch webhook handler: signed, forged, repeat', async () => {
    const secret = 'runtime-webhook-secret';
    const event = {
      id: '01RUNTIMEFETCH',
      event_type: 'incident.triggered',
      resource_type: 'incident',
      occurred_at: '2026-01-02T03:04:05.000Z',
      agent: null,
      client: null,
      data: { type: 'incident', id: 'PRUNTIME', title: 'Runtime check' },
    };
    const body = JSON.stringify({ event });
    const ran = [];
    const handler = createFetchWebhookHandler({ secrets: [secret], onEvent: (received) => void ran.push(received.id) });
    const deliver = (signature) =>
      handler(
        new globalThis.Request('http://receiver.test/pagerduty', {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', 'x-pagerduty-signature': signature, 'x-webhook-id': 'W1' },
        }),
      );
    const forged = await deliver(`v1=${'0'.repeat(64)}`);
    const signed = await deliver(signWebhookBody(body, secret));
    const repeat = await deliver(signWebhookBody(body, secret));
    const answers = [forged.status, signed.status, repeat.status, (await repeat.text()).trim()];
    check(JSON.stringify(answers) === '[401,200,200,"duplicate"]', `answers ${JSON.stringify(answers)}`);
    check(ran.length === 1 && ran[0] === event.id, `onEvent ran ${ran.length} times`);
    return '401, 200, 200 duplicate; onEvent once';
  });

  await step('MCP listTools', async () => {
    const mcp = new McpApiClient(config.apiKey, { baseUrl: config.url, ...keyOptions });
    try {
      const tools = await mcp.listTools();
      check(tools.length > 0, 'no tools');
      return `${tools.length} tools`;
    } finally {
      await mcp.close();
    }
  });

  return { steps };
}
