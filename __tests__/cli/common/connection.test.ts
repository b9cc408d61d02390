import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { eventsBase, eventsBaseUrl, restBaseUrl } from '../../../src/cli/common/connection.js';
import { runCli } from '../cli-harness.js';

describe('restBaseUrl', () => {
  const env = { PAGERDUTY_BASE_URL: 'http://127.0.0.1:9000' };
  const profile = { region: 'eu' as const, baseUrl: 'http://127.0.0.1:7000' };

  it('takes --base-url, else --region, else the environment, else the profile', () => {
    expect(restBaseUrl({ baseUrl: 'http://127.0.0.1:1', region: 'eu' }, env, profile)).toBe('http://127.0.0.1:1');
    expect(restBaseUrl({ region: 'eu' }, env, profile)).toBe('https://api.eu.pagerduty.com');
    expect(restBaseUrl({}, env, profile)).toBe('http://127.0.0.1:9000');
    expect(restBaseUrl({}, {}, profile)).toBe('http://127.0.0.1:7000');
    expect(restBaseUrl({}, {}, { region: 'eu' })).toBe('https://api.eu.pagerduty.com');
    expect(restBaseUrl({}, {})).toBeUndefined();
  });
});

describe('eventsBaseUrl', () => {
  it("takes --base-url, else --region's Events host, else PAGERDUTY_EVENTS_URL, else the profile", () => {
    const env = { PAGERDUTY_EVENTS_URL: 'http://127.0.0.1:9000' };
    expect(eventsBaseUrl({ region: 'eu' }, env)).toBe('https://events.eu.pagerduty.com');
    expect(eventsBaseUrl({}, env, { region: 'eu' })).toBe('http://127.0.0.1:9000');
    expect(eventsBaseUrl({}, {}, { region: 'eu' })).toBe('https://events.eu.pagerduty.com');
    expect(eventsBaseUrl({}, {}, { eventsUrl: 'http://127.0.0.1:7000/v2/enqueue' })).toBe('http://127.0.0.1:7000');
  });

  it('drops an endpoint path pasted with the URL', () => {
    expect(eventsBase('https://events.pagerduty.com/v2/enqueue')).toBe('https://events.pagerduty.com');
    expect(eventsBase('http://127.0.0.1:8080/v2/change/enqueue/')).toBe('http://127.0.0.1:8080');
    expect(eventsBase('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(eventsBase('http://127.0.0.1:8080/proxy')).toBe('http://127.0.0.1:8080/proxy');
  });
});

describe('the event commands', () => {
  it('send to the EU Events host with --region eu', async () => {
    const scope = nock('https://events.eu.pagerduty.com')
      .post('/v2/change/enqueue')
      .reply(202, { status: 'success', message: 'Change event processed' });
    const result = await runCli([
      'submit',
      '-k',
      'routingkey-0000000000000000-wxyz',
      '--description',
      'Deployed',
      '--region',
      'eu',
    ]);
    expect(result).toEqual({ status: 0, stdout: 'Change event processed\n', stderr: '' });
    scope.done();
  });
});
