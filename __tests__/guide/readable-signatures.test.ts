/**
 * The docs site's readable signatures (scripts/typedoc/readable-types.ts), on signatures shaped
 * as TypeDoc's converter makes them (plain objects: loading TypeDoc costs seconds): the same
 * parameters, the path helpers named by what they give, and signatures without helpers left alone.
 */
import { describe, expect, it } from '@jest/globals';
import type { SignatureReflection, SomeType, TypeParameterReflection } from 'typedoc';
import {
  isPathParameter,
  readableSignature,
  readableText,
  READABLE_TYPES,
} from '../../scripts/typedoc/readable-types.js';

/** A type as TypeDoc models it, with its `toString` (what the path check reads). */
function model(fields: Record<string, unknown>, text: string): SomeType {
  return { ...fields, toString: () => text } as unknown as SomeType;
}

function ref(name: string, ...typeArguments: SomeType[]): SomeType {
  const args = typeArguments.length > 0 ? `<${typeArguments.map(String).join(', ')}>` : '';
  return model({ type: 'reference', name, typeArguments, refersToTypeParameter: false }, `${name}${args}`);
}

const intrinsic = (name: string): SomeType => model({ type: 'intrinsic', name }, name);
const union = (...types: SomeType[]): SomeType => model({ type: 'union', types }, types.map(String).join(' | '));
const intersection = (...types: SomeType[]): SomeType =>
  model({ type: 'intersection', types }, types.map(String).join(' & '));

/** A method's signature: type parameters `[name, constraint, default]`, parameters `[name, type, optional]`. */
function signature(
  name: string,
  typeParameters: [string, SomeType | undefined, SomeType | undefined][],
  parameters: [string, (params: Map<string, SomeType>) => SomeType, boolean][],
  returns: (params: Map<string, SomeType>) => SomeType,
): SignatureReflection {
  const refs = new Map(
    typeParameters.map(([paramName]) => [
      paramName,
      model({ type: 'reference', name: paramName, refersToTypeParameter: true }, paramName),
    ]),
  );
  return {
    name,
    typeParameters: typeParameters.map(([paramName, type, fallback]) => ({ name: paramName, type, default: fallback })),
    parameters: parameters.map(([paramName, type, optional]) => ({
      name: paramName,
      type: type(refs),
      flags: { isOptional: optional, isRest: false },
    })),
    type: returns(refs),
  } as unknown as SignatureReflection;
}

const get = model({ type: 'literal', value: 'GET' }, '"GET"');
const A = ref('A');
const pathHint = ref('PathHint', A, get);
const never = ref('never');
const openString = intersection(intrinsic('string'), ref('Record', never, never));
const param = (type: SomeType | undefined, fallback: SomeType | undefined): TypeParameterReflection =>
  ({ type, default: fallback }) as unknown as TypeParameterReflection;

describe('readable signatures', () => {
  it('reads rget as a caller calls it: rget<T>(target: ResourceObject | path, init?: options): Promise<entity>', () => {
    const rget = signature(
      'rget',
      [
        ['T', undefined, intrinsic('never')],
        ['P', union(intrinsic('string'), openString), pathHint],
      ],
      [
        ['target', (p) => union(ref('ResourceObject'), p.get('P')!), false],
        [
          'init',
          (p) =>
            ref('RequestOptionsOf', ref('EndpointOf', A, get, p.get('P')!), ref('EntityBodyOf', ref('EndpointOf'))),
          true,
        ],
      ],
      (p) => ref('EntityResult', p.get('T')!, A, get, p.get('P')!),
    );
    expect(readableText(readableSignature(rget)!)).toBe(
      'rget<T>(target: ResourceObject | path, init?: options): Promise<entity>',
    );
  });

  it('unwraps Resolved and Awaited, keeps the public types around them, and names an item list', () => {
    const withResponse = signature(
      'listAll',
      [
        ['T', undefined, intrinsic('never')],
        ['P', openString, openString],
      ],
      [
        ['url', (p) => p.get('P')!, false],
        ['params', (p) => ref('QueryOf', ref('EndpointOf', A, get, p.get('P')!)), true],
        ['options', (p) => ref('IterAllOptions', ref('Resolved', p.get('T')!, ref('ItemOf', ref('EndpointOf')))), true],
      ],
      (p) => ref('Promise', ref('WithResponse', ref('Awaited', ref('Resolved', p.get('T')!, ref('ItemOf'))))),
    );
    expect(readableText(readableSignature(withResponse)!)).toBe(
      'listAll<T>(url: path, params?: query, options?: IterAllOptions<item>): Promise<WithResponse<item>>',
    );
  });

  it('leaves a signature without path helpers as TypeDoc renders it', () => {
    const trigger = signature(
      'trigger',
      [],
      [
        ['summary', () => intrinsic('string'), false],
        ['options', () => ref('TriggerOptions'), true],
      ],
      () => ref('Promise', intrinsic('string')),
    );
    expect(readableSignature(trigger)).toBeUndefined();
  });

  it('knows a path parameter by PathHint or by the open string of the legacy API, not any string', () => {
    expect(isPathParameter(param(undefined, pathHint))).toBe(true);
    expect(isPathParameter(param(openString, openString))).toBe(true);
    expect(isPathParameter(param(intrinsic('string'), undefined))).toBe(false);
  });

  it('gives each helper a word and a meaning', () => {
    for (const [name, rule] of Object.entries(READABLE_TYPES)) {
      expect({ name, word: /^[a-z]+$/.test(rule.word), means: rule.means.length > 10 }).toEqual({
        name,
        word: true,
        means: true,
      });
    }
  });
});
