import { describe, expect, it } from '@jest/globals';
import { refuseBodyOnGet } from '../../../../src/core/rest/endpoints/body-on-get.js';

describe('refuseBodyOnGet', () => {
  it('refuses json, form or body on a GET, naming the method, what was given and what to use', () => {
    expect(() => refuseBodyOnGet('GET', 'rget', { json: { a: 1 } })).toThrow(
      new TypeError('rget: a GET request has no body, but `json` was given; pass query parameters as `params`'),
    );
    expect(() => refuseBodyOnGet('get', 'jget', { form: { a: '1' }, body: 'x' })).toThrow(
      '`form` and `body` was given',
    );
    expect(() => refuseBodyOnGet('GET', 'rget', { json: null })).toThrow('`json` was given');
  });

  it('lets a GET without a body, and any other method with one, through', () => {
    expect(() => refuseBodyOnGet('GET', 'rget', undefined)).not.toThrow();
    expect(() =>
      refuseBodyOnGet('GET', 'rget', { params: { a: 1 }, json: undefined, body: null as never }),
    ).not.toThrow();
    expect(() => refuseBodyOnGet('POST', 'rpost', { json: { a: 1 } })).not.toThrow();
  });
});
