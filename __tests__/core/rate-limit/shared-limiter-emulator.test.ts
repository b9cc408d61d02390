import { seams } from '../../helpers/test-kit.js';
// Two clients on one key against the emulator's rate limit, over real HTTP: sharing an
// InMemoryRateLimiter, the budget spent by one holds the other, and no request meets a 429.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { InMemoryRateLimiter, RestApiV2Client, type ApiClientOptions } from '../../../src/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';

beforeAll(realSockets);

/** Nine reads taking turns between two clients; the clock moves only when someone waits. */
async function alternate(shareLimiter: boolean): Promise<{ statuses: (number | string)[]; waits: number[] }> {
  let clock = Date.UTC(2024, 5, 1);
  const waits: number[] = [];
  const sleep = async (seconds: number): Promise<void> => {
    waits.push(seconds);
    clock += seconds * 1000;
  };
  await using emulator = await startEmulator({ rateLimit: 3, rateLimitWindow: 10, now: () => new Date(clock) });
  const options: ApiClientOptions = { baseUrl: emulator.url, ...seams({ sleep }) };
  if (shareLimiter) options.rateLimiter = new InMemoryRateLimiter({ sleep, now: () => clock });
  await using first = new RestApiV2Client(emulator.keys.account, options);
  await using second = new RestApiV2Client(emulator.keys.account, options);
  for (let index = 0; index < 9; index += 1) await (index % 2 === 0 ? first : second).jget('/abilities');
  return { statuses: emulator.requests.map((request) => request.status), waits };
}

describe('clients sharing an InMemoryRateLimiter against the emulator', () => {
  it('wait for the reset of a budget another client spent, and meet no 429', async () => {
    const shared = await alternate(true);
    expect(shared.statuses).toEqual(Array(9).fill(200));
    expect(shared.waits).toEqual([10, 10]);
  });

  it('meet 429s without it (each client finds out for itself), yet lose no request', async () => {
    const alone = await alternate(false);
    expect(alone.statuses.filter((status) => status === 200)).toHaveLength(9);
    expect(alone.statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });
});
