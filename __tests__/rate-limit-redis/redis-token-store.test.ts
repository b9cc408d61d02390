// The Redis token store against a real redis-server: what it keeps, its lock, and four providers (as four
// processes would) making one token request per lifetime between them, on the emulator's clock.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { createRedisTokenStore, type RedisTokenStore } from '../../src/rate-limit-redis/index.js';
import { clientCredentialsTokenProvider } from '../../src/core/oauth/client-credentials-token-provider.js';
import { RestApiV2Client } from '../../src/core/rest/rest-api-v2-client.js';
import { silentLogger } from '../../src/core/logging.js';
import { redisSkipReason, startTestRedis, type TestRedis } from '../helpers/redis-server.js';
import { instantRetries, realSockets } from '../helpers/test-kit.js';

const skip = redisSkipReason();
const run = skip ? it.skip : it;
const TOKEN = { accessToken: 'access-1', expiresAt: 5_000, lifetime: 2 };

describe(`RedisTokenStore against a real redis-server${skip}`, () => {
  let redis: TestRedis;
  let emulator: Emulator;
  const stores: RedisTokenStore[] = [];
  let clock = Date.parse('2030-01-01T00:00:00Z');

  beforeAll(async () => {
    realSockets();
    if (skip) return;
    redis = await startTestRedis();
    emulator = await startEmulator({ seedIncidents: 0, tokenLifetime: 2, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await emulator?.close();
    await redis?.stop();
  });

  async function store(namespace: string): Promise<RedisTokenStore> {
    const made = await createRedisTokenStore({ url: redis.url, namespace });
    stores.push(made);
    return made;
  }

  run('reads back what it wrote, and lends its lock to one holder at a time', async () => {
    const [one, two] = [await store('unit'), await store('unit')];
    expect(await one.read('app')).toBeUndefined();
    await one.write('app', TOKEN);
    expect(await two.read('app')).toEqual(TOKEN);
    const release = await one.lock('app', 30);
    expect(release).toBeDefined();
    expect(await two.lock('app', 30)).toBeUndefined();
    await release!();
    const again = await two.lock('app', 30);
    expect(again).toBeDefined();
    await again!();
  });

  run('shares one token among four providers: one token request per lifetime between them', async () => {
    const clients = await Promise.all(
      [0, 1, 2, 3].map(
        async () =>
          new RestApiV2Client(
            clientCredentialsTokenProvider({
              clientId: 'emulator-app',
              clientSecret: 'emulator-app-secret',
              scope: 'as_account-us.emulator',
              store: await store('shared'),
              now: () => clock,
              oauthOptions: { baseUrl: emulator.identityUrl, logger: silentLogger },
            }),
            { baseUrl: emulator.url, ...instantRetries },
          ),
      ),
    );
    emulator.clearRequests();
    let failed = 0;
    for (let step = 0; step < 40; step += 1) {
      await clients[step % 4].rget('/users', { params: { limit: 1 } }).catch(() => (failed += 1));
      clock += 250;
    }
    expect(failed).toBe(0);
    expect(emulator.requests.filter((request) => request.path === '/oauth/token')).toHaveLength(5);
  });
});
