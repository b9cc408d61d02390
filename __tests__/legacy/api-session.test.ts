import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { routingKeyAuth } from '../../src/core/auth/auth-methods.js';
import { RestApiV2Client } from '../../src/core/rest/rest-api-v2-client.js';
import { APISession } from '../../src/legacy/api-session.js';
import { ChangeEventsAPISession } from '../../src/legacy/change-events-api-session.js';
import { PDClientError, URLError } from '../../src/legacy/errors.js';
import { EventsAPISession } from '../../src/legacy/events-api-session.js';
import { PDSession } from '../../src/legacy/pd-session.js';
import type { PdpyrasVersion } from '../../src/legacy/pdpyras-releases.js';
import type { PDSessionOptions } from '../../src/legacy/session-setup.js';
import { API_KEY, BASE, makeSession } from './helpers.js';
import { instantSleep } from '../helpers/test-kit.js';
import { PDPYRAS_5_WRAPPER_ROWS as WRAPPERS } from '../../src/legacy/pdpyras-wrapper-rows.js';

describe('APISession construction', () => {
  it('behaves as pdpyras 5.4.1 unless told otherwise', () => {
    const session = new APISession(API_KEY);
    expect(session.compat).toBe('5.4.1');
    expect(session.policy).toEqual({
      appendListBrackets: true,
      wrappers: 'config',
      acceptResourceObjects: ['rget', 'rput', 'rdelete', 'jget', 'jpost', 'jput'],
      unknownTotal: '?',
      declaredRequirements: false,
      cursorAnyPath: false,
      wrapperOverrides: WRAPPERS['5.4.1'],
      wrappedWhen: 'has-key',
      wrapDeleteBody: false,
    });
    expect(session.url).toBe(BASE);
  });

  it('takes the policy of the compat release', () => {
    const session = makeSession('4.3.0');
    expect(session.compat).toBe('4.3.0');
    expect(session.policy).toEqual({
      appendListBrackets: false,
      wrappers: 'convention',
      acceptResourceObjects: ['rget', 'rput', 'rdelete'],
      unknownTotal: null,
      declaredRequirements: false,
      cursorAnyPath: false,
      wrapperOverrides: {},
      wrappedWhen: 'has-key',
      wrapDeleteBody: false,
    });
  });

  it('refuses a malformed or unknown compat, naming the accepted releases', () => {
    expect(() => new APISession(API_KEY, { compat: '5.4' as PdpyrasVersion })).toThrow(
      /major\.minor\.patch.*from 2\.1\.0 to 5\.4\.1/,
    );
    expect(() => new APISession(API_KEY, { compat: '4.5.1' as PdpyrasVersion })).toThrow(RangeError);
  });

  it('sets defaultFrom, authType and debug as the core client does', async () => {
    const session = new APISession('oauth-token-0001', {
      authType: 'oauth2',
      defaultFrom: 'a@example.com',
      debug: true,
      sleep: instantSleep,
    });
    expect(session.printDebug).toBe(true);
    expect(session.defaultFrom).toBe('a@example.com');
    session.printDebug = false;
    let seen: Record<string, unknown> = {};
    nock(BASE)
      .get('/users/me')
      .reply(function () {
        seen = { ...this.req.headers };
        return [200, { user: { id: 'PU1' } }];
      });
    await session.rget('/users/me');
    expect(seen.authorization).toBe('Bearer oauth-token-0001');
    expect(seen.from).toBe('a@example.com');
  });

  it("copies the proxies option, never changing the caller's object", () => {
    const given = { https: 'http://proxy-a:3128' };
    const session = new APISession(API_KEY, { proxies: given });
    session.proxies.https = 'http://proxy-b:3128';
    expect(given.https).toBe('http://proxy-a:3128');
    expect(session.proxies).toEqual({ https: 'http://proxy-b:3128' });
    expect(new APISession(API_KEY).proxies).toEqual({});
  });

  it('refuses proxies that are not an object of URLs, on construction and on assignment', () => {
    expect(() => new APISession(API_KEY, { proxies: 'http://proxy:3128' as never })).toThrow(TypeError);
    const session = new APISession(API_KEY);
    expect(() => {
      session.proxies = null as never;
    }).toThrow(/proxies must be an object/);
  });
});

describe('PDSession as the type of every session', () => {
  it('counts every session class, including APISession, which extends the core client', () => {
    const api = new APISession(API_KEY);
    expect(api).toBeInstanceOf(PDSession);
    expect(api).toBeInstanceOf(RestApiV2Client);
    expect(new EventsAPISession('R0000000000000000000000000000001')).toBeInstanceOf(PDSession);
    expect(new ChangeEventsAPISession('R0000000000000000000000000000001')).toBeInstanceOf(PDSession);
  });

  it('does not count core clients or other values', () => {
    expect(new RestApiV2Client(API_KEY)).not.toBeInstanceOf(PDSession);
    for (const value of [null, undefined, {}, 'session', APISession]) expect(value instanceof PDSession).toBe(false);
  });

  it('keeps the ordinary instanceof for its subclasses', () => {
    class StatusSession extends PDSession {
      constructor(options?: PDSessionOptions) {
        super(routingKeyAuth('R0000000000000000000000000000002'), {
          baseUrl: 'https://status.example.com',
          ...options,
        });
      }
    }
    const custom = new StatusSession({ compat: '4.4.0' });
    expect(custom).toBeInstanceOf(StatusSession);
    expect(custom).toBeInstanceOf(PDSession);
    expect(custom.compat).toBe('4.4.0');
    expect(new EventsAPISession('R0000000000000000000000000000001')).not.toBeInstanceOf(StatusSession);
    expect(new APISession(API_KEY)).not.toBeInstanceOf(EventsAPISession);
  });
});

describe('the surface the predecessor had', () => {
  const session = new APISession(API_KEY);

  it('permits GET, POST, PUT and DELETE only', async () => {
    expect(session.permittedMethods).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
    // pdpyras raised PDClientError for a method it does not permit at every release.
    for (const refused of [session, makeSession('5.0.0'), makeSession('4.3.0')]) {
      const error = await refused.patch('/users/PU1', { json: {} }).catch((e: unknown) => e);
      expect((error as object).constructor).toBe(PDClientError);
      expect(error).not.toBeInstanceOf(URLError);
      expect((error as Error).message).toBe(
        'Method PATCH not supported by this API. Permitted methods: GET, POST, PUT, DELETE',
      );
    }
  });

  it.each(['jpatch', 'rpatch'] as const)(
    'refuses %s as it refuses patch (PATCH is not permitted), before any request',
    async (method) => {
      for (const refused of [session, makeSession('5.0.0'), makeSession('4.3.0')]) {
        const call = refused[method].bind(refused) as (url: string, init: object) => Promise<unknown>;
        const error = await call('/users/PU1', { json: {} }).catch((e: unknown) => e);
        expect((error as object).constructor).toBe(PDClientError);
        expect((error as Error).message).toBe(
          'Method PATCH not supported by this API. Permitted methods: GET, POST, PUT, DELETE',
        );
      }
    },
  );

  it('has core methods pdpyras lacked, under its own policy: jdelete, getTotal, iterHistory, iterators', async () => {
    nock(BASE).delete('/users/PU1').reply(204);
    nock(BASE)
      .get('/incidents')
      .query({ total: 'true', limit: '1', offset: '0' })
      .reply(200, { incidents: [], total: 7 });
    nock(BASE)
      .get('/services')
      .query({ total: 'true', limit: '1', offset: '0' })
      .reply(404, { error: { message: 'nope' } });
    expect(await session.jdelete('/users/PU1')).toBeNull();
    expect(await session.getTotal('/incidents')).toBe(7);
    await expect(session.getTotal('/services')).rejects.toBeInstanceOf(PDClientError);
    for (const name of [
      'iterHistory',
      'iterIncidentNotes',
      'iterAnalyticsRawIncidents',
      'iterAlertGroupingSettings',
    ] as const) {
      expect(session[name]).toBe(RestApiV2Client.prototype[name]);
    }
  });

  it('keeps what the predecessor had: rdelete, iterCursor, dictAll, persist, find, apiKeyAccess', async () => {
    nock(BASE).delete('/users/PU1').reply(204);
    nock(BASE)
      .get('/users/me')
      .reply(200, { user: { id: 'PU1' } });
    expect((await session.rdelete('/users/PU1')).status).toBe(204);
    expect(await session.apiKeyAccess()).toBe('user');
    for (const name of [
      'iterCursor',
      'dictAll',
      'persist',
      'find',
      'listAll',
      'iterAll',
      'subdomain',
      'accountHasAbility',
    ] as const) {
      expect(typeof session[name]).toBe('function');
    }
  });
});
