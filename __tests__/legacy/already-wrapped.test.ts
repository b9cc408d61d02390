import { seams } from '../helpers/test-kit.js';
// Issue 29: every pdpyras release wrapped a POST/PUT body only when the wrapper key was not
// in it (`req_w not in pass_kw['json']`, 4.x `envelope_name not in ...`), so an
// already-wrapped body with other keys went out as given. The core wraps it. pdpyras'
// rdelete wrapped nothing (only POST and PUT bodies were wrapped).
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { RestApiV2Client } from '../../src/core/rest/rest-api-v2-client.js';
import type { PdpyrasVersion } from '../../src/legacy/pdpyras-releases.js';
import { API_KEY, BASE, makeSession, type Seen } from './helpers.js';
import { instantSleep } from '../helpers/test-kit.js';

function answer(method: 'POST' | 'PUT', path: string, seen: Seen[]): void {
  nock(BASE)
    .intercept(path, method)
    .reply(function (uri, body) {
      seen.push({ path: uri, body });
      return [200, { user: { id: 'PU1' } }];
    });
}

const BODY = { user: { name: 'Ann', email: 'ann@example.com' }, extra: 1 };

describe('an already-wrapped body with other keys', () => {
  it.each<PdpyrasVersion>(['4.3.0', '4.5.2', '5.0.0', '5.4.1'])(
    '%s: rpost and rput send it as given',
    async (compat) => {
      const seen: Seen[] = [];
      answer('POST', '/users', seen);
      answer('PUT', '/users/PU1', seen);
      const session = makeSession(compat);
      await expect(session.rpost('/users', { json: BODY })).resolves.toEqual({ id: 'PU1' });
      await expect(session.rput('/users/PU1', { json: BODY })).resolves.toEqual({ id: 'PU1' });
      expect(seen.map((entry) => entry.body)).toEqual([BODY, BODY]);
      expect(BODY).toEqual({ user: { name: 'Ann', email: 'ann@example.com' }, extra: 1 });
    },
  );

  it('the core client wraps it (only a body whose one key is the wrapper counts as wrapped)', async () => {
    const seen: Seen[] = [];
    answer('POST', '/users', seen);
    const client = new RestApiV2Client(API_KEY, { ...seams({ sleep: instantSleep }) });
    await client.rpost<unknown, string>('/users', { json: BODY });
    expect(seen[0].body).toEqual({ user: BODY });
  });

  it.each<PdpyrasVersion>(['4.3.0', '5.4.1'])(
    '%s: rdelete sends a json body as given; the core wraps it',
    async (compat) => {
      const seen: Seen[] = [];
      for (let i = 0; i < 2; i += 1) {
        nock(BASE)
          .delete('/users/PU1')
          .reply(function (uri, body) {
            seen.push({ path: uri, body });
            return [204];
          });
      }
      await makeSession(compat).rdelete('/users/PU1', { json: { reason: 'x' } });
      await new RestApiV2Client(API_KEY, { ...seams({ sleep: instantSleep }) }).rdelete('/users/PU1', {
        json: { reason: 'x' },
      });
      expect(seen.map((entry) => entry.body)).toEqual([{ reason: 'x' }, { user: { reason: 'x' } }]);
    },
  );
});
