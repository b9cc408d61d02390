import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from 'pagerduty-client/emulator';
import { dedupKeyFor, main, optionsFromEnvironment } from '../../examples/send-ci-alert.js';
import { instantRetries, realSockets } from '../helpers/test-kit.js';

let emulator: Emulator;

beforeAll(async () => {
  realSockets();
  emulator = await startEmulator();
});

afterAll(async () => {
  await emulator.close();
});

function incidentsWithKey(key: string) {
  return emulator.state.incidents.all().filter((incident) => incident.incident_key === key);
}

describe('examples/send-ci-alert', () => {
  it('triggers one alert for failures of a pipeline, through a 502, and resolves it on success', async () => {
    const routing = emulator.keys.routing[1];
    const pipeline = 'acme/web@main';
    const key = dedupKeyFor(pipeline);
    emulator.faults = { serverError: { next: 1, status: 502 }, pathPrefix: '/v2/enqueue' };

    const failed = await main({
      routingKey: routing.routingKey,
      baseUrl: emulator.eventsUrl,
      outcome: 'failure',
      pipeline,
      buildUrl: 'https://ci.example.com/runs/7',
      commit: 'abc123',
      clientOptions: instantRetries,
    });
    expect(failed).toEqual({ action: 'trigger', dedupKey: key });
    expect(emulator.faultCounters.serverError.fired).toBe(1);
    const [incident] = incidentsWithKey(key);
    expect(incident).toMatchObject({
      status: 'triggered',
      service: { id: routing.serviceId },
      title: `CI failed: ${pipeline}`,
    });

    await main({
      routingKey: routing.routingKey,
      baseUrl: emulator.eventsUrl,
      outcome: 'failure',
      pipeline,
      clientOptions: instantRetries,
    });
    expect(incidentsWithKey(key)).toHaveLength(1);
    // The second failure is deduplicated into the open alert: one alert per dedup key, as on PagerDuty.
    expect(incident.alert_counts.all).toBe(1);
    expect(emulator.state.alerts.all().filter((alert) => alert.alert_key === key)).toHaveLength(1);

    const passed = await main({
      routingKey: routing.routingKey,
      baseUrl: emulator.eventsUrl,
      outcome: 'success',
      pipeline,
      commit: 'def4567890abcdef',
      clientOptions: instantRetries,
    });
    expect(passed.action).toBe('resolve');
    expect(incidentsWithKey(key).map((each) => each.status)).toEqual(['resolved']);
    // The Events API answers a change event without an id (so the example reports none).
    expect(passed.changeEventId).toBeUndefined();
    const change = emulator.state.changeEvents.all().at(-1);
    expect(change).toMatchObject({
      summary: `CI passed: ${pipeline} at def4567890ab`,
      source: pipeline,
      services: [{ id: routing.serviceId }],
    });
  });

  it('reads GitHub Actions variables, and refuses a missing key or status', () => {
    const env = {
      PAGERDUTY_ROUTING_KEY: 'R0UT1NGKEY',
      GITHUB_REPOSITORY: 'acme/web',
      GITHUB_REF_NAME: 'release',
      GITHUB_SHA: 'abc',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '42',
    };
    expect(optionsFromEnvironment(env, 'failure')).toMatchObject({
      routingKey: 'R0UT1NGKEY',
      outcome: 'failure',
      pipeline: 'acme/web@release',
      buildUrl: 'https://github.com/acme/web/actions/runs/42',
      commit: 'abc',
    });
    expect(optionsFromEnvironment({ ...env, CI_PIPELINE: 'nightly' }, 'success').pipeline).toBe('nightly');
    expect(() => optionsFromEnvironment({}, 'failure')).toThrow('PAGERDUTY_ROUTING_KEY');
    expect(() => optionsFromEnvironment(env, 'maybe')).toThrow('job status');
  });
});
