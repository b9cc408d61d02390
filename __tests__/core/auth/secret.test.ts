import { describe, expect, it } from '@jest/globals';
import { inspect } from 'node:util';
import { redact, Secret } from '../../../src/core/auth/secret.js';
import {
  authForType,
  authorizationHeader,
  withFormAuth,
  withJsonBodyAuth,
  clientCredentialsAuth,
  routingKeyAuth,
} from '../../../src/core/auth/auth-methods.js';

const KEY = 'y_NbAkKc66ryYTWUXYEu';

describe('redact', () => {
  it('shows a star and the last four characters', () => {
    expect(redact(KEY)).toBe('*XYEu');
  });

  it('hides short secrets entirely', () => {
    expect(redact('abcd')).toBe('*');
  });
});

describe('Secret', () => {
  it('never shows the value when printed, serialised or inspected', () => {
    const secret = new Secret(KEY);
    expect(String(secret)).toBe('*XYEu');
    expect(JSON.stringify({ secret })).toBe('{"secret":"*XYEu"}');
    expect(inspect({ secret })).not.toContain(KEY);
    expect(inspect(secret)).toBe('Secret(*XYEu)');
    expect(`${secret}`).not.toContain(KEY);
    expect(secret.reveal()).toBe(KEY);
  });

  it('refuses an empty credential', () => {
    expect(() => new Secret('')).toThrow(TypeError);
  });
});

describe('auth methods', () => {
  it('build the Authorization header for each auth type', () => {
    expect(authorizationHeader(authForType(KEY))).toBe(`Token token=${KEY}`);
    expect(authorizationHeader(authForType(KEY, 'oauth2'))).toBe(`Bearer ${KEY}`);
    expect(authorizationHeader(authForType(KEY, 'bearer'))).toBe(`Bearer ${KEY}`);
    expect(authorizationHeader(authForType(KEY, 'header_passthru'))).toBe(KEY);
    expect(authorizationHeader(routingKeyAuth(KEY))).toBeUndefined();
  });

  it('rejects an unknown auth type', () => {
    expect(() => authForType(KEY, 'basic' as never)).toThrow(/unknown authType "basic"/);
  });

  it('adds the routing key to a copy of a JSON body', () => {
    const body = { event_action: 'trigger' };
    expect(withJsonBodyAuth(routingKeyAuth(KEY), body)).toEqual({ event_action: 'trigger', routing_key: KEY });
    expect(body).toEqual({ event_action: 'trigger' });
    expect(withJsonBodyAuth(authForType(KEY), body)).toBe(body);
  });

  it('adds client credentials to a copy of a form body', () => {
    const form = { grant_type: 'refresh_token' };
    expect(withFormAuth(clientCredentialsAuth('cid', KEY), form)).toEqual({
      grant_type: 'refresh_token',
      client_id: 'cid',
      client_secret: KEY,
    });
    expect(form).toEqual({ grant_type: 'refresh_token' });
  });
});
