import { describe, expect, it } from '@jest/globals';
import { decodeJsonBody } from '../../../src/core/errors/json-body.js';

const invalid = () => new Error('not JSON');

describe('decodeJsonBody', () => {
  it('decodes any JSON value', () => {
    expect(decodeJsonBody('{"a":[1,"x",null]}', invalid)).toEqual({ a: [1, 'x', null] });
    expect(decodeJsonBody(' 7 ', invalid)).toBe(7);
  });

  it('reads an empty or blank body as null, unless told it is not JSON either', () => {
    expect(decodeJsonBody('', invalid)).toBeNull();
    expect(decodeJsonBody(' \n', invalid)).toBeNull();
    expect(() => decodeJsonBody('', invalid, { emptyIsNull: false })).toThrow('not JSON');
  });

  it("throws the caller's error for a body that is not JSON", () => {
    expect(() => decodeJsonBody('<html>', invalid)).toThrow('not JSON');
    expect(() => decodeJsonBody('{"a":', () => new TypeError('bad'))).toThrow(TypeError);
  });
});
