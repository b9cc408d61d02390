/**
 * A child process of the shared-token test (run with `node --import tsx`): a `RestApiV2Client` on a managed
 * app token whose store is Redis (`WORKER_REDIS_URL`) or a file (`WORKER_TOKEN_FILE`). Prints
 * `{"ready":true}` once its store is connected; then reads one JSON line on stdin
 * (`{"baseUrl","identityUrl","until"}`), calls `GET /users` every 100 ms until `until` (epoch milliseconds)
 * and prints `{"calls","failed"}`. Warnings and errors go to stderr.
 */
import { createInterface } from 'node:readline';
import { RestApiV2Client } from '../../src/core/rest/rest-api-v2-client.js';
import { clientCredentialsTokenProvider } from '../../src/core/oauth/client-credentials-token-provider.js';
import { createRedisTokenStore } from '../../src/rate-limit-redis/index.js';
import { FileTokenStore } from '../../src/core/oauth/file-token-store.js';

interface Run {
  baseUrl: string;
  identityUrl: string;
  until: number;
}

const print = (value: object): void => void process.stdout.write(`${JSON.stringify(value)}\n`);
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const file = process.env.WORKER_TOKEN_FILE;
const store = file
  ? new FileTokenStore(file)
  : await createRedisTokenStore({ url: process.env.WORKER_REDIS_URL, namespace: process.env.WORKER_NAMESPACE });
print({ ready: true });
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { baseUrl, identityUrl, until } = JSON.parse(line) as Run;
  const provider = clientCredentialsTokenProvider({
    clientId: 'emulator-app',
    clientSecret: 'emulator-app-secret',
    scope: 'as_account-us.emulator users.read',
    store,
    oauthOptions: { baseUrl: identityUrl },
  });
  const client = new RestApiV2Client(provider, { baseUrl });
  let calls = 0;
  let failed = 0;
  while (Date.now() < until) {
    calls += 1;
    await client.rget('/users', { params: { limit: 1 } }).catch((error: unknown) => {
      failed += 1;
      process.stderr.write(`error: ${String(error)}\n`);
    });
    await pause(100);
  }
  print({ calls, failed });
}
if ('close' in store) await store.close();
