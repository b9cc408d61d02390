import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { runCli } from '../cli-harness.js';

const HOST = 'https://events.pagerduty.com';
const KEY = 'routingkey-0000000000000000-wxyz';

function expectTrigger(reply: object, status = 202) {
  const seen: { body?: Record<string, unknown> } = {};
  const scope = nock(HOST)
    .post('/v2/enqueue', (body: Record<string, unknown>) => {
      seen.body = body;
      return true;
    })
    .reply(status, reply);
  return { seen, scope };
}

describe('pagerduty trigger', () => {
  it('sends the description, host name and default severity, and prints the dedup key', async () => {
    const { seen } = expectTrigger({ status: 'success', message: 'Event processed', dedup_key: 'new-key' });
    const result = await runCli(['trigger', '-k', KEY, '--description', 'Disk full']);
    expect(result).toEqual({ status: 0, stdout: 'new-key\n', stderr: '' });
    expect(seen.body).toEqual({
      routing_key: KEY,
      event_action: 'trigger',
      dedup_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      payload: { summary: 'Disk full', source: 'testhost', severity: 'critical' },
    });
  });

  it('takes the key from PAGERDUTY_ROUTING_KEY and sends --source, --severity and -i', async () => {
    const { seen } = expectTrigger({ status: 'success', dedup_key: 'db01/disk' });
    const result = await runCli(
      ['trigger', '--description', 'Disk full', '--source', 'db01', '--severity', 'warning', '-i', 'db01/disk'],
      { PAGERDUTY_ROUTING_KEY: KEY },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('db01/disk\n');
    expect(seen.body).toMatchObject({
      routing_key: KEY,
      dedup_key: 'db01/disk',
      payload: { summary: 'Disk full', source: 'db01', severity: 'warning' },
    });
  });

  it('sends custom details, links, images, component, group and class', async () => {
    const { seen } = expectTrigger({ status: 'success', dedup_key: 'k2' });
    const result = await runCli([
      'trigger',
      '-k',
      KEY,
      '--description',
      'Disk full',
      '--details',
      '{"disk":"99%","mount":"/var"}',
      '--details',
      'cores=8',
      '--link',
      'https://runbook.example.com/disk|Disk runbook',
      '--link',
      'https://status.example.com',
      '--image',
      'https://graphs.example.com/disk.png|https://graphs.example.com/disk|Disk graph',
      '--component',
      'postgres',
      '--group',
      'db',
      '--class',
      'capacity',
    ]);
    expect(result).toEqual({ status: 0, stdout: 'k2\n', stderr: '' });
    expect(seen.body).toMatchObject({
      payload: {
        summary: 'Disk full',
        component: 'postgres',
        group: 'db',
        class: 'capacity',
        custom_details: { disk: '99%', mount: '/var', cores: 8 },
      },
      links: [
        { href: 'https://runbook.example.com/disk', text: 'Disk runbook' },
        { href: 'https://status.example.com' },
      ],
      images: [
        { src: 'https://graphs.example.com/disk.png', href: 'https://graphs.example.com/disk', alt: 'Disk graph' },
      ],
    });
  });

  it.each([
    [['--details', '{not json'], '--details: not valid JSON'],
    [['--details', '[1]'], '--details: the JSON must be an object'],
    [['--details', 'novalue'], '--details "novalue" must be a JSON object or key=value'],
    [['--link', 'runbook|Runbook'], '--link: "runbook" is not an http(s) URL'],
    [['--image', 'ftp://x/y.png'], '--image: "ftp://x/y.png" is not an http(s) URL'],
  ])('refuses %j before sending anything (status 2)', async (flags, message) => {
    const result = await runCli(['trigger', '-k', KEY, '--description', 'x', ...flags]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('prints the whole response with --json', async () => {
    const reply = { status: 'success', message: 'Event processed', dedup_key: 'k1' };
    expectTrigger(reply);
    const result = await runCli(['trigger', '-k', KEY, '--description', 'x', '--json']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(reply);
  });

  it('sends to --base-url', async () => {
    const scope = nock('https://events.eu.pagerduty.com')
      .post('/v2/enqueue')
      .reply(202, { status: 'success', dedup_key: 'eu' });
    const result = await runCli([
      'trigger',
      '-k',
      KEY,
      '--description',
      'x',
      '--base-url',
      'https://events.eu.pagerduty.com',
    ]);
    expect(result.stdout).toBe('eu\n');
    expect(scope.isDone()).toBe(true);
  });

  it('exits 1 with the API message on one line when the event is rejected', async () => {
    expectTrigger(
      { status: 'invalid event', message: 'Event object is invalid', errors: ['routing_key is invalid'] },
      400,
    );
    const result = await runCli(['trigger', '-k', KEY, '--description', 'x']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^pagerduty: POST .*Event object is invalid; routing_key is invalid.*\n$/);
    expect(result.stderr.split('\n')).toHaveLength(2);
    expect(result.stderr).not.toContain(KEY);
  });

  it('exits 2 for an unknown severity without sending anything', async () => {
    const { scope } = expectTrigger({ status: 'success', dedup_key: 'x' });
    const result = await runCli(['trigger', '-k', KEY, '--description', 'x', '--severity', 'fatal']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/Invalid values:[\s\S]*severity/);
    expect(result.stderr).toContain('Run "pagerduty trigger --help" for usage.');
    expect(scope.isDone()).toBe(false);
  });

  it('exits 2 for an empty description, refused before any request', async () => {
    const { scope } = expectTrigger({ status: 'success', dedup_key: 'x' });
    const result = await runCli(['trigger', '-k', KEY, '--description', '']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('payload.summary must be a non-empty string');
    expect(scope.isDone()).toBe(false);
  });

  it('exits 2 without --description', async () => {
    const result = await runCli(['trigger', '-k', KEY]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Missing required argument: description');
  });

  it('prints redacted debug lines to stderr with --debug', async () => {
    expectTrigger({ status: 'success', dedup_key: 'k' });
    const result = await runCli(['trigger', '-k', KEY, '--description', 'x', '--debug']);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/DEBUG pagerduty: POST https:\/\/events\.pagerduty\.com\/v2\/enqueue -> 202/);
    expect(result.stderr).not.toContain(KEY);
  });
});
