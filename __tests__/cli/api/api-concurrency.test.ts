import { beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator } from '../../../src/emulator/index.js';
import { runCli } from '../cli-harness.js';
import { realSockets } from '../../helpers/test-kit.js';

beforeAll(realSockets);

describe('pagerduty api --paginate --concurrency', () => {
  it('prints every item once, in order, reading pages at once', async () => {
    await using emulator = await startEmulator({ seedUsers: 230 });
    const env = { PAGERDUTY_API_KEY: emulator.keys.account };
    const sequential = await runCli(['api', '/users', '--paginate', '--base-url', emulator.url], env);
    emulator.clearRequests();
    const concurrent = await runCli(
      ['api', '/users', '--paginate', '--concurrency', '4', '--base-url', emulator.url],
      env,
    );
    expect(concurrent.status).toBe(0);
    expect(concurrent.stdout).toBe(sequential.stdout);
    expect(concurrent.stdout.trim().split('\n')).toHaveLength(230);
    expect(emulator.requests[0].query).toContain('total=true');
  });

  it('refuses --concurrency without --paginate, or out of range, before any request', async () => {
    await using emulator = await startEmulator();
    const env = { PAGERDUTY_API_KEY: emulator.keys.account };
    const alone = await runCli(['api', '/users', '--concurrency', '4', '--base-url', emulator.url], env);
    expect([alone.status, alone.stderr]).toEqual([
      2,
      expect.stringMatching(/--concurrency works only with --paginate/),
    ]);
    const tooMany = await runCli(
      ['api', '/users', '--paginate', '--concurrency', '40', '--base-url', emulator.url],
      env,
    );
    expect([tooMany.status, tooMany.stderr]).toEqual([
      2,
      expect.stringMatching(/--concurrency must be an integer from 1 to 16/),
    ]);
    expect(emulator.requests).toHaveLength(0);
  });
});
