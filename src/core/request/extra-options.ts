// `extraParams` and `extraFields`: what the description does not declare. Typed loosely on purpose, so that
// a call keeps its path's result type and the checks on everything else.
import { isPlainObject } from '../plain-object.js';
import type { QueryParams } from './query.js';

function bare(name: string): string {
  return name.endsWith('[]') ? name.slice(0, -2) : name;
}

// A name in both (`statuses` and `statuses[]` are one) is refused: which one to send would be a guess.
export function mergeExtraParams(
  params: QueryParams | undefined,
  extraParams: QueryParams | undefined,
  what: string,
): QueryParams | undefined {
  if (extraParams === undefined) return params;
  if (!isPlainObject(extraParams)) throw new TypeError(`${what}: extraParams must be an object of query parameters`);
  const declared = new Map(Object.keys(params ?? {}).map((name) => [bare(name), name]));
  for (const name of Object.keys(extraParams)) {
    const clash = declared.get(bare(name));
    if (clash !== undefined) {
      throw new TypeError(
        `${what}: query parameter "${name}" is in both params (as "${clash}") and extraParams; give it in one of them`,
      );
    }
  }
  return { ...params, ...extraParams };
}

export function mergeExtraFields(
  body: unknown,
  extraFields: Readonly<Record<string, unknown>> | undefined,
  what: string,
): unknown {
  if (extraFields === undefined) return body;
  if (!isPlainObject(extraFields)) throw new TypeError(`${what}: extraFields must be an object of body fields`);
  if (body === undefined) return { ...extraFields };
  if (!isPlainObject(body))
    throw new TypeError(
      `${what}: extraFields are added to a JSON object body, ` +
        `but json is ${Array.isArray(body) ? 'a list' : `a ${body === null ? 'null' : typeof body}`}`,
    );
  for (const name of Object.keys(extraFields)) {
    if (Object.hasOwn(body, name))
      throw new TypeError(`${what}: body field "${name}" is in both json and extraFields; give it in one of them`);
  }
  return { ...body, ...extraFields };
}

export interface ExtraOptions {
  readonly params?: QueryParams;
  readonly extraParams?: QueryParams;
  readonly json?: unknown;
  readonly extraFields?: Readonly<Record<string, unknown>>;
}

export function withExtras<O extends ExtraOptions>(options: O, what: string): Omit<O, 'extraParams' | 'extraFields'> {
  if (options.extraParams === undefined && options.extraFields === undefined) {
    if (!('extraParams' in options) && !('extraFields' in options)) return options;
  }
  const { extraParams, extraFields, ...rest } = options;
  const params = mergeExtraParams(rest.params, extraParams, what);
  const json = mergeExtraFields(rest.json, extraFields, what);
  return {
    ...rest,
    ...(params === undefined ? {} : { params }),
    ...(json === undefined ? {} : { json }),
  };
}
