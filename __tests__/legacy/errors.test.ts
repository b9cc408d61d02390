import { describe, expect, it } from '@jest/globals';
import { Response } from 'node-fetch';
import { PagerDutyError } from '../../src/core/errors/error-classes.js';
import { PDClientError, PDHTTPError, PDServerError, URLError } from '../../src/legacy/errors.js';

const response = () => new Response('{"error":"nope"}', { status: 404, headers: { 'x-request-id': 'R1' } });

describe('the legacy error classes', () => {
  it('form the predecessor hierarchy: PDServerError < PDHTTPError < PDClientError', () => {
    const server = new PDServerError('boom', new Response('', { status: 502 }));
    expect(server).toBeInstanceOf(PDHTTPError);
    expect(server).toBeInstanceOf(PDClientError);
    expect(new PDHTTPError('x', response())).not.toBeInstanceOf(PDServerError);
  });

  it('keep URLError outside the PDClientError family', () => {
    const error = new URLError('GET https://elsewhere.example.com: not under the base URL');
    expect(error).not.toBeInstanceOf(PDClientError);
    expect(error.name).toBe('URLError');
  });

  it('are all core PagerDutyErrors, so a core catch site also catches them', () => {
    for (const error of [
      new PDClientError('a'),
      new PDHTTPError('b', response()),
      new PDServerError('c', response()),
      new URLError('d'),
    ]) {
      expect(error).toBeInstanceOf(PagerDutyError);
      expect(error).toBeInstanceOf(Error);
    }
  });

  it('carry the response when there is one, and null otherwise', () => {
    const failed = response();
    expect(new PDHTTPError('x', failed).response).toBe(failed);
    expect(new PDClientError('network down').response).toBeNull();
    expect(new PDClientError('x', failed).response?.status).toBe(404);
  });

  it('keep the response out of enumeration, so logging an error does not dump it', () => {
    const error = new PDHTTPError('x', response());
    expect(Object.keys(error)).not.toContain('response');
    expect(JSON.stringify(error)).not.toContain('nope');
  });

  it('keep the cause of a network failure', () => {
    const cause = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(new PDClientError('GET x: network error', null, { cause }).cause).toBe(cause);
  });

  it('are named after their class', () => {
    expect(new PDClientError('a').name).toBe('PDClientError');
    expect(new PDHTTPError('b', response()).name).toBe('PDHTTPError');
    expect(new PDServerError('c', response()).name).toBe('PDServerError');
  });
});
