import { seams } from '../../helpers/test-kit.js';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import nock from 'nock';
import { inspect } from 'node:util';
import { ApiClient, tokenAuth, UrlError } from '../../../src/index.js';
import { reset, startLoopback } from '../../helpers/loopback.js';
import { BASE, instantSleep, recordingLogger } from '../../helpers/test-kit.js';

const KEY = 'u+TOPSECRETVALUE9876';

afterEach(() => {
  nock.cleanAll();
  jest.restoreAllMocks();
});

describe('secrets', () => {
  it('are not shown by JSON.stringify or util.inspect of a client', () => {
    const client = new ApiClient(tokenAuth(KEY));
    expect(JSON.stringify(client)).not.toContain(KEY);
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(KEY);
    expect(client.redactedSecret).toBe('*9876');
  });

  it('are not in the message of an HTTP error, even when the server echoes them', async () => {
    nock(BASE)
      .get('/users')
      .reply(400, { error: `bad key ${KEY}` });
    const error = (await new ApiClient(tokenAuth(KEY)).requestJson('GET', '/users').catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('*9876');
    expect(error.message).not.toContain(KEY);
    expect(inspect(error)).not.toContain('TOPSECRETVALUE');
    expect((error as unknown as { body: string }).body).toBe('{"error":"bad key *9876"}');
  });

  it('are not in a 401 error', async () => {
    nock(BASE).get('/users').reply(401, { error: KEY });
    const error = (await new ApiClient(tokenAuth(KEY)).get('/users').catch((e: unknown) => e)) as Error;
    expect(error.message).not.toContain(KEY);
  });

  it('are not in a network error', async () => {
    const server = await startLoopback([reset]);
    const client = new ApiClient(tokenAuth(KEY), { baseUrl: server.url, maxNetworkAttempts: 0 });
    const error = (await client.get(`/users?echo=${KEY}`).catch((e: unknown) => e)) as Error;
    client.close();
    await server.close();
    expect(error.message).toMatch(/network error/);
    expect(error.message).not.toContain(KEY);
  });

  it('are never sent to a foreign URL: zero requests', async () => {
    const evil = nock('https://evil.example').get(/.*/).reply(200, {});
    const client = new ApiClient(tokenAuth(KEY));
    await expect(client.get('https://evil.example/users')).rejects.toBeInstanceOf(UrlError);
    expect(evil.isDone()).toBe(false);
  });
});

describe('debug output', () => {
  it('prints a line per attempt to stderr: a warning for the retried one (once), debug for the last', async () => {
    nock(BASE)
      .get('/users')
      .query(true)
      .reply(429, {}, { 'x-request-id': 'rid-1' })
      .get('/users')
      .query(true)
      .reply(200, {}, { 'x-request-id': 'rid-2' });
    const writes: string[] = [];
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => {
      writes.push(String(chunk));
      return true;
    });
    const client = new ApiClient(tokenAuth(KEY), { debug: true, ...seams({ sleep: instantSleep }) });
    await client.get(`/users?note=${KEY}`);
    expect(writes).toHaveLength(2);
    // The retry is a warning, so a logger that shows only warnings still sees it; no debug line repeats it.
    expect(writes[0]).toMatch(
      new RegExp(
        String.raw`WARN ApiClient: GET https:\/\/api\.pagerduty\.com\/users\?note=\*9876: attempt 1 failed ` +
          String.raw`\(status 429, x-request-id rid-1\); retrying in 3\.0 s\n$`,
      ),
    );
    expect(writes[1]).toMatch(/DEBUG ApiClient: GET \S+ -> 200 \(x-request-id rid-2\) attempt 2 \(key \*9876\)\n$/);
    expect(writes.join('')).not.toContain('TOPSECRETVALUE9876');
  });

  it('prints nothing by default', async () => {
    nock(BASE).get('/users').reply(200, {});
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await new ApiClient(tokenAuth(KEY)).get('/users');
    expect(spy).not.toHaveBeenCalled();
  });

  it('sends lines to a logger option instead, secrets redacted', async () => {
    nock(BASE).get(/users/).reply(200, {});
    const logger = recordingLogger();
    const client = new ApiClient(tokenAuth(KEY), { logger });
    await client.get(`/users/${KEY}`);
    expect(logger.lines.all).toHaveLength(1);
    expect(logger.lines.all[0]).toContain('/users/*9876');
    expect(logger.lines.all[0]).not.toContain(KEY);
    expect(client.log).toBe(logger);
  });
});
