// Issue 11, defect 7, in the core and in the sessions at both ends of the supported
// releases: `find` on a numeric attribute, a `next_cursor` that is not a string never ends
// a series silently, and the 401 message and debug lines name the key as `*` + last four.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { HttpServerError } from '../../src/core/errors/error-classes.js';
import { RestApiV2Client } from '../../src/core/rest/rest-api-v2-client.js';
import type { UntypedApi } from '../../src/core/types/api-types.js';
import { PDClientError, PDHTTPError, PDServerError } from '../../src/legacy/errors.js';
import { API_KEY, BASE, makeSession } from './helpers.js';
import { recordingLogger } from '../helpers/test-kit.js';

const SERVICES = {
  services: [
    { id: 'PS1', name: 'a', num: 7 },
    { id: 'PS2', name: 'b', num: 42 },
  ],
  limit: 100,
  offset: 0,
  more: false,
};

describe('find on a numeric attribute', () => {
  it.each(['core', '4.3.0', '5.4.1'] as const)(
    '%s finds the item whose number equals the value, given as text or number',
    async (who) => {
      // Untyped, as the sessions are, so that one variable holds either.
      const client = who === 'core' ? new RestApiV2Client<UntypedApi>(API_KEY) : makeSession(who);
      const queries: string[] = [];
      nock(BASE)
        .get('/services')
        .query(true)
        .twice()
        .reply((uri) => {
          queries.push(new URL(uri, BASE).searchParams.get('query') ?? '');
          return [200, SERVICES];
        });
      await expect(client.find('services', '42', { attribute: 'num' })).resolves.toMatchObject({ id: 'PS2' });
      await expect(client.find('services', 42 as never, { attribute: 'num' })).resolves.toMatchObject({ id: 'PS2' });
      expect(queries).toEqual(['42', '42']);
    },
  );
});

describe('a next_cursor that is not a string', () => {
  it('a number is followed as its text', async () => {
    const cursors: (string | null)[] = [];
    nock(BASE)
      .get('/audit/records')
      .query(true)
      .twice()
      .reply((uri) => {
        const cursor = new URL(uri, BASE).searchParams.get('cursor');
        cursors.push(cursor);
        return [
          200,
          cursor === null
            ? { records: [{ id: 'R1' }], next_cursor: 2 }
            : { records: [{ id: 'R2' }], next_cursor: null },
        ];
      });
    await expect(new RestApiV2Client(API_KEY).listAll('/audit/records')).resolves.toEqual([{ id: 'R1' }, { id: 'R2' }]);
    expect(cursors).toEqual([null, '2']);
  });

  // pdpyras had no PDServerError before 5.0.0: at 4.5.2 an unusable body is a PDHTTPError.
  it.each<['core' | '4.5.2' | '5.4.1', typeof HttpServerError | typeof PDHTTPError]>([
    ['core', HttpServerError],
    ['4.5.2', PDHTTPError],
    ['5.4.1', PDServerError],
  ])(
    '%s: an object is an error after the items of the page it came with, never a silent end',
    async (who, ErrorClass) => {
      // Untyped, as the sessions are, so that one variable holds either.
      const client = who === 'core' ? new RestApiV2Client<UntypedApi>(API_KEY) : makeSession(who);
      nock(BASE)
        .get('/audit/records')
        .query(true)
        .twice()
        .reply(200, { records: [{ id: 'R1' }], next_cursor: { page: 2 } });
      const seen: unknown[] = [];
      const error = await (async () => {
        for await (const record of client.iterAll('/audit/records')) seen.push(record);
      })().catch((e: unknown) => e);
      // The iterator keeps what it yielded; listAll rejects, discarding it.
      expect(seen).toEqual([{ id: 'R1' }]);
      expect(error).toBeInstanceOf(ErrorClass);
      expect((error as Error).message).toMatch(/next_cursor is an object, neither a string nor a number/);
      await expect(client.listAll('/audit/records')).rejects.toThrow(ErrorClass);
    },
  );
});

describe('the key named as * and its last four characters', () => {
  // Each in its own words: the core's, and the release's for a session.
  it.each<['core' | '4.3.0' | '4.4.0' | '4.5.2' | '5.4.1', string]>([
    ['core', 'the key or token (*wxyz) may be invalid'],
    ['4.3.0', 'Received 401 Unauthorized response from the API. The access key (*wxyz) might not be valid.'],
    ['4.4.0', 'Received 401 Unauthorized response from the API. The access key (...*wxyz) might not be valid.'],
    ['4.5.2', 'Received 401 Unauthorized response from the API. The key (...*wxyz) may be invalid or deactivated.'],
    ['5.4.1', 'Received 401 Unauthorized response from the API. The key (...*wxyz) may be invalid or deactivated.'],
  ])('%s: the 401 message names it, never the key itself', async (who, wording) => {
    // Untyped, as the sessions are, so that one variable holds either.
    const client = who === 'core' ? new RestApiV2Client<UntypedApi>(API_KEY) : makeSession(who);
    nock(BASE)
      .get('/users/me')
      .reply(401, { error: { message: 'Unauthorized' } });
    const error = await client.rget('/users/me').catch((e: unknown) => e);
    expect((error as Error).message).toContain(wording);
    expect((error as Error).message).not.toContain(API_KEY);
    if (who !== 'core') expect(error).toBeInstanceOf(PDClientError);
  });

  it('each debug line names it', async () => {
    const logger = recordingLogger();
    const lines = logger.lines.debug;
    const session = makeSession('5.4.1', { logger });
    nock(BASE).get('/users/PU1').reply(200, { user: {} });
    await session.rget('/users/PU1');
    expect(lines).toEqual([
      expect.stringMatching(/^GET https:\/\/api\.pagerduty\.com\/users\/PU1 -> 200 attempt 1 \(key \*wxyz\)$/),
    ]);
  });
});
