import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import nock from 'nock';
import { ApiClient, silentLogger, stderrLogger, tokenAuth } from '../../../src/index.js';
import { seams, instantSleep } from '../../helpers/test-kit.js';

const BASE = 'https://api.pagerduty.com';
const KEY = 'u+WARNINGSKEY0000wxyz';

describe('warnings print by default', () => {
  let written: string[];
  beforeEach(() => {
    written = [];
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  const client = (options = {}) => new ApiClient(tokenAuth(KEY), { ...seams({ sleep: instantSleep }), ...options });

  it('a retry is a WARN line on standard error, with no DEBUG line, the key redacted', async () => {
    nock(BASE).get('/users').reply(503, 'busy').get('/users').reply(200, {});
    await client({ retry: { 503: 1 } }).get('/users');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(
      / WARN ApiClient: GET https:\/\/api\.pagerduty\.com\/users: attempt 1 failed \(status 503\)/,
    );
  });

  it('a refused key is a WARN line too, naming only its last four characters', async () => {
    nock(BASE).get('/users').reply(401, {});
    await expect(client().get('/users')).rejects.toThrow('401');
    expect(written.join('')).toMatch(/WARN ApiClient: GET .*401 Unauthorized: the key or token \(\*wxyz\)/);
    expect(written.join('')).not.toContain(KEY);
  });

  it('quiet is one option away, and debug adds the DEBUG lines', async () => {
    nock(BASE).get('/users').reply(503, 'busy').get('/users').reply(200, {});
    await client({ retry: { 503: 1 }, logger: silentLogger }).get('/users');
    expect(written).toEqual([]);
    nock(BASE).get('/users').reply(200, {});
    await client({ debug: true }).get('/users');
    expect(written.join('')).toMatch(/DEBUG ApiClient: GET https:\/\/api\.pagerduty\.com\/users -> 200/);
  });
});

describe('stderrLogger', () => {
  it('prints from its lowest level up', () => {
    const lines: string[] = [];
    const logger = stderrLogger('job', (line) => lines.push(line), 'warn');
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(lines.map((line) => line.replace(/^\S+ /, ''))).toEqual(['WARN job: w', 'ERROR job: e']);
  });
});
