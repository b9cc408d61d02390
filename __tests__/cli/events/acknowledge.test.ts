import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { runCli } from '../cli-harness.js';

const KEY = 'routingkey-0000000000000000-wxyz';

describe('pagerduty acknowledge', () => {
  it('acknowledges the alert -i names and prints its dedup key', async () => {
    let body: unknown;
    nock('https://events.pagerduty.com')
      .post('/v2/enqueue', (b) => ((body = b), true))
      .reply(202, { status: 'success', message: 'Event processed', dedup_key: 'db01/disk' });
    const result = await runCli(['acknowledge', '-k', KEY, '-i', 'db01/disk']);
    expect(result).toEqual({ status: 0, stdout: 'db01/disk\n', stderr: '' });
    expect(body).toEqual({ routing_key: KEY, event_action: 'acknowledge', dedup_key: 'db01/disk' });
  });

  it('exits 2 without a dedup key', async () => {
    const result = await runCli(['acknowledge', '-k', KEY]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Missing required argument: dedup-key');
  });

  it('exits 2 without a routing key and names the variable', async () => {
    const result = await runCli(['acknowledge', '--dedup-key', 'x']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('PAGERDUTY_ROUTING_KEY');
  });
});
