import { describe, expect, it } from '@jest/globals';
import type { HttpMethod } from '../../../src/core/client/client-options.js';
import { tokenAuth } from '../../../src/core/auth/auth-methods.js';
import { prepareRequest, type RequestPreparationHost } from '../../../src/core/client/request-preparation.js';
import { ClientSettings } from '../../../src/core/client/settings.js';
import type { ErrorSpec } from '../../../src/core/errors/error-classes.js';
import { silentLogger } from '../../../src/core/logging.js';

const BASE = 'https://api.example';

/** A host that records what it is asked, in order, and refuses as told. */
function recordingHost(overrides: Partial<RequestPreparationHost> = {}): {
  host: RequestPreparationHost;
  asked: string[];
} {
  const asked: string[] = [];
  const settings = new ClientSettings({ timeout: 30 });
  const auth = tokenAuth('secret-key');
  const host: RequestPreparationHost = {
    clientName: 'TestClient',
    timeout: () => (asked.push('timeout'), settings.timeout),
    permittedMethods: () => (asked.push('permittedMethods'), ['GET', 'POST'] as HttpMethod[]),
    fail: (spec: ErrorSpec) => new Error(`${spec.kind}: ${spec.message}`),
    normalizeUrl: (url) => {
      asked.push('normalizeUrl');
      if (url.startsWith('https://') && !url.startsWith(BASE)) throw new Error(`url: foreign ${url}`);
      return url.startsWith(BASE) ? url : `${BASE}/${url.replace(/^\//, '')}`;
    },
    encodeParams: (params) => (asked.push('encodeParams'), { ...params, encoded: true }),
    requestParts: () => (
      asked.push('requestParts'),
      {
        defaultHeaders: { Accept: 'application/json' },
        clientHeaders: { 'X-Team': 'sre' },
        authorization: 'Token token=secret-key',
        auth,
        passThrough: undefined,
      }
    ),
    metricKey: (verb, target) => (asked.push('metricKey'), `${verb} ${new URL(target).pathname}`),
    retryPolicy: () => (asked.push('retryPolicy'), settings.retryPolicy()),
    log: () => (asked.push('log'), silentLogger),
    ...overrides,
  };
  return { host, asked };
}

describe('prepareRequest', () => {
  it('resolves the URL once with its encoded query, and works out headers, timeout, policy and metrics key', () => {
    const { host, asked } = recordingHost();
    const options = { params: { limit: 1 }, json: { a: 1 }, headers: { 'X-Req': '1' } };
    const prepared = prepareRequest('post', '/users', options, host);
    expect(prepared).toMatchObject({
      verb: 'POST',
      resolved: `${BASE}/users`,
      target: `${BASE}/users?limit=1&encoded=true`,
      timeoutSeconds: 30,
      signal: undefined,
      metricKey: 'POST /users',
      log: silentLogger,
    });
    expect(prepared.policy.maxHttpAttempts).toBe(10);
    expect(prepared.fetchInit.method).toBe('POST');
    expect(prepared.fetchInit.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Team': 'sre',
      'X-Req': '1',
      Authorization: 'Token token=secret-key',
    });
    expect(prepared.fetchInit.body).toBe('{"a":1}');
    expect(asked).toEqual([
      'timeout',
      'permittedMethods',
      'normalizeUrl',
      'encodeParams',
      'requestParts',
      'metricKey',
      'retryPolicy',
      'log',
    ]);
    expect(options).toEqual({ params: { limit: 1 }, json: { a: 1 }, headers: { 'X-Req': '1' } });
  });

  it("takes the request's own timeout (checked) and signal, and leaves the params alone when there are none", () => {
    const { host, asked } = recordingHost();
    const signal = new AbortController().signal;
    const prepared = prepareRequest('GET', '/users', { timeout: 2, signal }, host);
    expect(prepared).toMatchObject({ timeoutSeconds: 2, signal, target: `${BASE}/users` });
    expect(asked).not.toContain('timeout');
    expect(asked).not.toContain('encodeParams');
    expect(() => prepareRequest('GET', '/users', { timeout: -1 }, host)).toThrow(RangeError);
  });

  it('refuses a method the client does not permit before reading the URL, naming the client and its methods', () => {
    const { host, asked } = recordingHost();
    expect(() => prepareRequest('delete', '/users', {}, host)).toThrow(
      'method: DELETE is not permitted on TestClient (permitted: GET, POST)',
    );
    expect(asked).toEqual(['timeout', 'permittedMethods']);
  });

  it('reports a foreign URL before a bad retry table', () => {
    const { host } = recordingHost({
      retryPolicy: () => {
        throw new TypeError('bad retry');
      },
    });
    expect(() => prepareRequest('GET', 'https://elsewhere.example/users', {}, host)).toThrow('url: foreign');
    expect(() => prepareRequest('GET', '/users', {}, host)).toThrow('bad retry');
  });
});
