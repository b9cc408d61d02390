import { describe, expect, it } from '@jest/globals';
import { unwrapBody, wrapBody, wrapBodyWithFields } from '../../../../src/core/rest/endpoints/body-wrapping.js';
import { deepFreeze } from '../../../helpers/test-kit.js';

describe('wrapBody', () => {
  it('wraps an entity in its wrapper', () => {
    expect(wrapBody({ name: 'Ann' }, 'user')).toEqual({ user: { name: 'Ann' } });
  });

  it('wraps a list (multi-update)', () => {
    expect(wrapBody([{ id: 'P1', type: 'incident_reference' }], 'incidents')).toEqual({
      incidents: [{ id: 'P1', type: 'incident_reference' }],
    });
  });

  it('leaves a body alone when it is already a one-key object under the wrapper', () => {
    const body = { user: { name: 'Ann' } };
    expect(wrapBody(body, 'user')).toBe(body);
  });

  it('wraps an object that has the wrapper key among others (it is an entity with that field)', () => {
    expect(wrapBody({ user: 'x', name: 'Ann' }, 'user')).toEqual({ user: { user: 'x', name: 'Ann' } });
  });

  it("with 'has-key' (the predecessor's test) sends an object holding the wrapper key as it is", () => {
    const body = { user: { name: 'Ann' }, extra: 1 };
    expect(wrapBody(body, 'user', 'has-key')).toBe(body);
    expect(wrapBody({ name: 'Ann' }, 'user', 'has-key')).toEqual({ user: { name: 'Ann' } });
    expect(wrapBody([{ id: 'P1' }], 'incidents', 'has-key')).toEqual({ incidents: [{ id: 'P1' }] });
  });

  it('sends the body as it is when there is no wrapper', () => {
    const body = { name: 'Ann' };
    expect(wrapBody(body, null)).toBe(body);
  });

  it('wraps null (clearing a value)', () => {
    expect(wrapBody(null, 'default')).toEqual({ default: null });
  });

  it('never changes the caller object', () => {
    const body = deepFreeze({ name: 'Ann', roles: ['a'] });
    expect(() => wrapBody(body, 'user')).not.toThrow();
    expect(body).toEqual({ name: 'Ann', roles: ['a'] });
  });
});

describe('unwrapBody', () => {
  it('returns the value under the wrapper', () => {
    expect(unwrapBody({ user: { id: 'P1' } }, 'user')).toEqual({ ok: true, value: { id: 'P1' } });
  });

  it('returns the body itself without a wrapper', () => {
    const list = [{ status: 201 }];
    expect(unwrapBody(list, null)).toEqual({ ok: true, value: list });
  });

  it('names the expected key and the keys the body had when the wrapper is missing', () => {
    const result = unwrapBody({ users: [], more: false }, 'user');
    expect(result).toEqual({
      ok: false,
      problem: 'expected the response body to be an object with the key "user", but its keys are: users, more',
    });
  });

  it('names the type of a body that is not an object', () => {
    expect(unwrapBody([1], 'user')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('but it is an array'),
    });
    expect(unwrapBody('x', 'user')).toMatchObject({ ok: false, problem: expect.stringContaining('but it is string') });
    expect(unwrapBody(null, 'user')).toMatchObject({ ok: false, problem: expect.stringContaining('but it is null') });
  });

  it('says (none) for an empty object', () => {
    expect(unwrapBody({}, 'user')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('its keys are: (none)'),
    });
  });
});

describe('wrapBodyWithFields', () => {
  it('puts the fields into the entity, inside its wrapper whether or not json came wrapped', () => {
    expect(wrapBodyWithFields({ name: 'Web' }, { beta: true }, 'service', 'only-key', 'rpost')).toEqual({
      service: { name: 'Web', beta: true },
    });
    expect(wrapBodyWithFields({ service: { name: 'Web' } }, { beta: true }, 'service', 'only-key', 'rput')).toEqual({
      service: { name: 'Web', beta: true },
    });
    expect(wrapBodyWithFields(undefined, { beta: true }, 'service', 'only-key', 'rpost')).toEqual({
      service: { beta: true },
    });
    expect(wrapBodyWithFields({ name: 'Web' }, { beta: true }, null, 'only-key', 'rpost')).toEqual({
      name: 'Web',
      beta: true,
    });
    expect(wrapBodyWithFields({ name: 'Web' }, undefined, 'service', 'only-key', 'rpost')).toEqual({
      service: { name: 'Web' },
    });
  });

  it('refuses fields for a list (a multi-update has no one entity)', () => {
    expect(() => wrapBodyWithFields([{ id: 'P1' }], { beta: true }, 'incidents', 'only-key', 'rput')).toThrow(
      /json is a list/,
    );
  });
});
