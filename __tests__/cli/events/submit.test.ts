import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { runCli } from '../cli-harness.js';

const KEY = 'routingkey-0000000000000000-wxyz';

function expectChange(reply: object) {
  const seen: { body?: { payload?: Record<string, unknown> } & Record<string, unknown> } = {};
  nock('https://events.pagerduty.com')
    .post('/v2/change/enqueue', (b) => ((seen.body = b), true))
    .reply(202, reply);
  return seen;
}

describe('pagerduty submit', () => {
  it('submits a change event dated now from this host and prints the API message', async () => {
    const seen = expectChange({ status: 'success', message: 'Change event processed' });
    const before = Date.now();
    const result = await runCli(['submit', '-k', KEY, '--description', 'Deployed v1.4.2']);
    expect(result).toEqual({ status: 0, stdout: 'Change event processed\n', stderr: '' });
    expect(seen.body?.routing_key).toBe(KEY);
    expect(seen.body?.payload).toMatchObject({ summary: 'Deployed v1.4.2', source: 'testhost' });
    const timestamp = String(seen.body?.payload?.timestamp);
    expect(timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(timestamp)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('prints the id when the API returns one, and the response with --json', async () => {
    expectChange({ status: 'success', message: 'Change event processed', id: 'CH123' });
    expect((await runCli(['submit', '-k', KEY, '--description', 'x', '--source', 'ci'])).stdout).toBe('CH123\n');
    const reply = { status: 'success', message: 'Change event processed' };
    expectChange(reply);
    expect(JSON.parse((await runCli(['submit', '-k', KEY, '--description', 'x', '--json'])).stdout)).toEqual(reply);
  });

  it('exits 2 without --description', async () => {
    const result = await runCli(['submit', '-k', KEY]);
    expect(result.status).toBe(2);
  });
});
