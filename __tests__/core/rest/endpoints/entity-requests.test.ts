import { describe, expect, it } from '@jest/globals';
import { hasBody, withWrappedBody } from '../../../../src/core/rest/endpoints/entity-requests.js';
import { deepFreeze } from '../../../helpers/test-kit.js';

describe('withWrappedBody', () => {
  it('wraps json for the endpoint and leaves the caller options unchanged', () => {
    const init = deepFreeze({ json: { name: 'Ann' }, headers: { From: 'a@example.com' } });
    expect(withWrappedBody(init, 'user', 'only-key', 'rpost')).toEqual({
      json: { user: { name: 'Ann' } },
      headers: { From: 'a@example.com' },
    });
  });

  it('puts extraFields into the entity and drops the option', () => {
    const init = deepFreeze({ json: { name: 'Web' }, extraFields: { beta: true } });
    expect(withWrappedBody(init, 'service', 'only-key', 'rpost')).toEqual({
      json: { service: { name: 'Web', beta: true } },
    });
  });

  it('returns the options themselves when they carry no body', () => {
    const init = { params: { a: 1 } };
    expect(withWrappedBody(init, 'user', 'only-key', 'rget')).toBe(init);
  });
});

describe('hasBody', () => {
  it('is true for json or extraFields only', () => {
    expect(hasBody(undefined)).toBe(false);
    expect(hasBody({ params: { a: 1 } })).toBe(false);
    expect(hasBody({ json: {} })).toBe(true);
    expect(hasBody({ extraFields: { a: 1 } })).toBe(true);
  });
});
