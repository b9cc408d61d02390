import { beforeAll, describe, expect, it } from '@jest/globals';
import { run } from '../../../src/cli/run.js';
import { eventLine } from '../../../src/cli/webhooks/webhook-listener.js';
import type { AnyWebhookEvent } from '../../../src/core/webhooks/event-union.js';
import { runCli } from '../cli-harness.js';
import { realSockets } from '../../helpers/test-kit.js';
import { deliveryBody, post } from '../../core/webhooks/webhook-server.js';

beforeAll(realSockets);

const SECRET = 'whsec-cli-secret';

/** Starts `pagerduty <args>` in-process; resolves once it listens. */
async function listen(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  let stop: () => void = () => {};
  const until = new Promise<void>((resolve) => (stop = resolve));
  let announced: (url: string) => void = () => {};
  const started = new Promise<string>((resolve) => (announced = resolve));
  const status = run(args, {
    env,
    stdout: {
      write: (text: string) => {
        stdout += text;
        const match = /on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout);
        if (match) announced(match[1]);
      },
    },
    stderr: { write: (text: string) => (stderr += text) },
    until,
  });
  const url = await Promise.race([
    started,
    status.then((code) => Promise.reject(new Error(`exited ${code}: ${stderr}`))),
  ]);
  return { url, stop, status, output: () => ({ stdout, stderr }) };
}

describe('pagerduty webhooks listen', () => {
  it('prints each verified event on a line, refuses forged ones, and never prints the secret', async () => {
    const listener = await listen(['webhooks', 'listen', '--port', '0', '--secret', 'whsec-old', '--secret', SECRET]);
    expect((await post(listener.url, deliveryBody('incident.triggered', 'Disk full'), SECRET, 'W1')).status).toBe(200);
    expect((await post(listener.url, deliveryBody('incident.resolved', 'Forged'), 'whsec-wrong', 'W2')).status).toBe(
      401,
    );
    listener.stop();
    expect(await listener.status).toBe(0);
    const { stdout, stderr } = listener.output();
    expect(stdout).toMatch(/listening for PagerDuty webhooks on http:\/\/127\.0\.0\.1:\d+\/ \(2 secrets\)/);
    expect(stdout).toContain('2026-01-02T03:04:05.000Z incident.triggered PINC1 "Disk full"\n');
    expect(stdout).not.toContain('Forged');
    expect(stderr).toContain('pagerduty: refused a request: 401 no-match\n');
    expect(stderr).toContain('events arrive only once a webhook subscription points at this URL');
    for (const line of stderr.trimEnd().split('\n')) expect(line).toMatch(/^pagerduty: /);
    expect(stdout + stderr).not.toContain(SECRET);
    expect(stdout + stderr).not.toContain('whsec-old');
  });

  it('takes the secret from PAGERDUTY_WEBHOOK_SECRET, and prints JSON with --json', async () => {
    const listener = await listen(['webhooks', 'listen', '--json'], { PAGERDUTY_WEBHOOK_SECRET: SECRET });
    expect((await post(listener.url, deliveryBody(), SECRET, 'W1')).status).toBe(200);
    listener.stop();
    await listener.status;
    const lines = listener.output().stdout.trim().split('\n');
    expect(JSON.parse(lines[1] ?? '')).toMatchObject({
      event_type: 'incident.triggered',
      data: { title: 'Disk full' },
    });
    expect(listener.output().stdout).not.toContain(SECRET);
  });

  it('exits 2 with no secret, naming the variable', async () => {
    const result = await runCli(['webhooks', 'listen'], {}, { until: Promise.resolve() });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('PAGERDUTY_WEBHOOK_SECRET');
  });

  it('exits 2 for an unknown action', async () => {
    const result = await runCli(['webhooks', 'forward', '--secret', 'x'], {}, { until: Promise.resolve() });
    expect(result.status).toBe(2);
  });

  it('is listed in the program help', async () => {
    expect((await runCli(['--help'])).stdout).toMatch(/pagerduty webhooks <action>\s+Receive V3 webhooks/);
  });
});

describe('eventLine', () => {
  const event = (data: unknown): AnyWebhookEvent =>
    ({
      id: 'E',
      event_type: 'incident.annotated',
      resource_type: 'incident',
      occurred_at: 'T',
      agent: null,
      client: null,
      data,
    }) as AnyWebhookEvent;

  it('names the incident of an event about one of its parts, and marks unsigned events', () => {
    expect(eventLine(event({ type: 'incident_note', id: 'N1', content: 'a note', incident: { id: 'P1' } }), true)).toBe(
      'T incident.annotated N1 "a note"',
    );
    expect(eventLine(event({ type: 'incident_responder', incident: { id: 'P1', summary: 'Down' } }), false)).toBe(
      'T incident.annotated P1 "Down" (unsigned)',
    );
  });
});
