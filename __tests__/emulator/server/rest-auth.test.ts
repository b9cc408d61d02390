import { describe, expect, it } from '@jest/globals';
import { acceptVersion, actingUser, authenticate, parseAuthorization } from '../../../src/emulator/server/rest-auth.js';
import { seededStore } from '../seeded-store.js';
import { replyOf } from '../../helpers/test-kit.js';

describe('parseAuthorization', () => {
  it('reads Token token=... (quoted or not) and Bearer ...', () => {
    expect(parseAuthorization('Token token=abc')).toEqual({ scheme: 'token', secret: 'abc' });
    expect(parseAuthorization('token token="abc"')).toEqual({ scheme: 'token', secret: 'abc' });
    expect(parseAuthorization('Bearer xyz')).toEqual({ scheme: 'bearer', secret: 'xyz' });
  });

  it('refuses anything else', () => {
    expect(parseAuthorization(undefined)).toBeUndefined();
    expect(parseAuthorization('abc')).toBeUndefined();
    expect(parseAuthorization('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(parseAuthorization('Token abc')).toBeUndefined();
  });
});

describe('acceptVersion', () => {
  it('reads the version of the vendor media type, if any', () => {
    expect(acceptVersion('application/vnd.pagerduty+json;version=2')).toBe('2');
    expect(acceptVersion('application/json, application/vnd.pagerduty+json; version=1')).toBe('1');
    expect(acceptVersion('application/json')).toBeUndefined();
    expect(acceptVersion(undefined)).toBeUndefined();
  });
});

describe('authenticate', () => {
  const { store, keys } = seededStore();

  it('tells account-level keys from user-scoped keys, whichever scheme carries them', () => {
    expect(authenticate(store, `Token token=${keys.account}`, undefined)).toEqual({ kind: 'account' });
    expect(authenticate(store, `Bearer ${keys.users[1].key}`, 'application/vnd.pagerduty+json;version=2')).toEqual({
      kind: 'user',
      userId: keys.users[1].userId,
    });
  });

  it('answers 401 for a missing or unknown key, and 406 for another API version', () => {
    expect(replyOf(() => authenticate(store, undefined, undefined))).toMatchObject({
      status: 401,
      body: { error: { code: 2006 } },
    });
    expect(replyOf(() => authenticate(store, 'Token token=nope', undefined)).status).toBe(401);
    expect(
      replyOf(() => authenticate(store, `Token token=${keys.account}`, 'application/vnd.pagerduty+json;version=1'))
        .status,
    ).toBe(406);
  });
});

describe('actingUser', () => {
  const { store, keys } = seededStore();

  it('is the key owner for a user-scoped key, whatever From says', () => {
    const identity = { kind: 'user' as const, userId: keys.users[2].userId };
    expect(actingUser(store, identity, undefined).id).toBe(keys.users[2].userId);
    expect(actingUser(store, identity, keys.users[0].email).id).toBe(keys.users[2].userId);
  });

  it('is the From user (any case) for an account-level key', () => {
    expect(actingUser(store, { kind: 'account' }, keys.users[3].email.toUpperCase()).id).toBe(keys.users[3].userId);
  });

  it('answers 400 with code 2016 for an account-level key without From or with an unknown email', () => {
    expect(replyOf(() => actingUser(store, { kind: 'account' }, undefined))).toMatchObject({
      status: 400,
      body: { error: { code: 2016 } },
    });
    expect(replyOf(() => actingUser(store, { kind: 'account' }, 'nobody@example.com'))).toMatchObject({
      status: 400,
      body: { error: { code: 2016 } },
    });
  });
});
