import { beforeAll, describe, expect, it } from '@jest/globals';
import { runCli } from '../cli-harness.js';
import { realSockets } from '../../helpers/test-kit.js';

beforeAll(realSockets);

describe('pagerduty emulator --latency --rate-limit --rate-limit-window', () => {
  it('starts with the simulated round trip and rate limit, and says so', async () => {
    const result = await runCli(
      ['emulator', '--latency', '50', '--rate-limit', '960'],
      {},
      { until: Promise.resolve() },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Simulated: round trip 50 ms, rate limit 960 requests per key per minute.');
  });

  it('counts the rate limit over the window given in seconds', async () => {
    const result = await runCli(
      ['emulator', '--rate-limit', '120', '--rate-limit-window', '10'],
      {},
      { until: Promise.resolve() },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Simulated: rate limit 120 requests per key per 10 s.');
  });

  it('exits 2 for a negative latency, or a rate limit or window that is not a whole number', async () => {
    for (const args of [
      ['--latency', '-5'],
      ['--rate-limit', '0.5'],
      ['--rate-limit', '5', '--rate-limit-window', '0.5'],
    ]) {
      const result = await runCli(['emulator', ...args], {}, { until: Promise.resolve() });
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/^pagerduty: .*(latency|rateLimit)/);
    }
  });
});
