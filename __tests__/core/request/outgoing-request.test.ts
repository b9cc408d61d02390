import { describe, expect, it } from '@jest/globals';
import { clientCredentialsAuth, routingKeyAuth, tokenAuth } from '../../../src/core/auth/auth-methods.js';
import { outgoingInit, type ClientRequestParts } from '../../../src/core/request/outgoing-request.js';

const PARTS: ClientRequestParts = {
  defaultHeaders: { 'User-Agent': 'ua', Accept: 'application/json' },
  clientHeaders: { 'X-Team': 'sre' },
  authorization: 'Token token=secret',
  auth: tokenAuth('secret'),
  passThrough: { compress: false },
};

describe('outgoingInit', () => {
  it('merges headers in order, any case, with Authorization last so nothing overrides it', () => {
    const init = outgoingInit(
      'GET',
      { headers: { accept: 'text/plain', 'x-team': undefined, authorization: 'mine' } },
      PARTS,
    );
    expect(init.headers).toEqual({ 'User-Agent': 'ua', accept: 'text/plain', Authorization: 'Token token=secret' });
  });

  it("sends an operation's declared header unless the client's or the request's headers name it, any case", () => {
    const declaredHeaders = { 'X-EARLY-ACCESS': 'ip-allow-lists' };
    const sent = (parts: Partial<ClientRequestParts>, headers?: Record<string, string>) =>
      outgoingInit('GET', { headers }, { ...PARTS, declaredHeaders, ...parts }).headers as Record<string, string>;
    expect(sent({})['X-EARLY-ACCESS']).toBe('ip-allow-lists');
    expect(sent({ clientHeaders: { 'x-early-access': 'mine' } })).toMatchObject({ 'x-early-access': 'mine' });
    expect(sent({ clientHeaders: { 'x-early-access': 'mine' } })).not.toHaveProperty('X-EARLY-ACCESS');
    expect(sent({}, { 'X-Early-Access': 'req' })).toMatchObject({ 'X-Early-Access': 'req' });
    expect(sent({}, { 'X-Early-Access': 'req' })).not.toHaveProperty('X-EARLY-ACCESS');
  });

  it('sends json as JSON with its content type, which a request header may still change', () => {
    expect(outgoingInit('POST', { json: { a: 1 } }, PARTS)).toMatchObject({
      body: '{"a":1}',
      headers: { 'Content-Type': 'application/json' },
    });
    const own = outgoingInit(
      'POST',
      { json: { a: 1 }, headers: { 'content-type': 'application/merge-patch+json' } },
      PARTS,
    );
    expect(own.headers).toMatchObject({ 'content-type': 'application/merge-patch+json' });
    expect(Object.keys(own.headers ?? {}).filter((name) => name.toLowerCase() === 'content-type')).toHaveLength(1);
  });

  it('puts the credential where the auth method sends it, in a new object', () => {
    const json = { event_action: 'trigger' };
    const events = outgoingInit('POST', { json }, { ...PARTS, authorization: undefined, auth: routingKeyAuth('R1') });
    expect(JSON.parse(String(events.body))).toEqual({ event_action: 'trigger', routing_key: 'R1' });
    expect(json).toEqual({ event_action: 'trigger' });
    expect(events.headers).not.toHaveProperty('Authorization');
    const form = outgoingInit(
      'POST',
      { form: { grant_type: 'client_credentials' } },
      { ...PARTS, auth: clientCredentialsAuth('id', 'sec') },
    );
    expect(form.body).toBe('grant_type=client_credentials&client_id=id&client_secret=sec');
    expect(form.headers).toMatchObject({ 'Content-Type': 'application/x-www-form-urlencoded' });
  });

  it('sends a raw body as it is and keeps params and timeout out of the fetch options', () => {
    const init = outgoingInit('PUT', { body: 'raw', params: { a: 1 }, timeout: 5, redirect: 'follow' }, PARTS);
    expect(init).toEqual({
      compress: false,
      redirect: 'follow',
      method: 'PUT',
      headers: expect.any(Object),
      body: 'raw',
    });
  });

  it("sends the client's pass-through fetch options and the request's own", () => {
    expect(outgoingInit('GET', {}, PARTS).compress).toBe(false);
    expect(outgoingInit('GET', { compress: false }, { ...PARTS, passThrough: undefined }).compress).toBe(false);
    expect(outgoingInit('GET', {}, { ...PARTS, passThrough: undefined })).not.toHaveProperty('compress');
  });

  it("lets a request's own fetch option win over the client's pass-through one", () => {
    expect(outgoingInit('GET', { compress: true }, PARTS).compress).toBe(true);
  });
});
