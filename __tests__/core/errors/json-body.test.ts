import { describe, expect, it } from '@jest/globals';
import { decodeJsonBody } from '../../../src/core/errors/json-body.js';

describe('decodeJsonBody', () => {
  it('decodes any JSON value', () => {
    expect(decodeJsonBody('{"a":[1,"x",null]}')).toEqual({ ok: true, value: { a: [1, 'x', null] } });
    expect(decodeJsonBody(' 7 ')).toEqual({ ok: true, value: 7 });
  });

  it('reads an empty or blank body as null, unless told it is not JSON either', () => {
    expect(decodeJsonBody('')).toEqual({ ok: true, value: null });
    expect(decodeJsonBody(' \n')).toEqual({ ok: true, value: null });
    expect(decodeJsonBody('', { emptyIsNull: false })).toEqual({ ok: false });
  });

  it('answers a body that is not JSON as such, for the caller to word its error', () => {
    expect(decodeJsonBody('<html>')).toEqual({ ok: false });
    expect(decodeJsonBody('{"a":')).toEqual({ ok: false });
  });
});
