/**
 * The narrow escape hatch of the typed calls: `extraParams` (query parameters) and
 * `extraFields` (JSON body fields) that the API's description does not declare, merged
 * into what the request sends. Their type is loose on purpose, so that a call keeps its
 * path's result type and the checks on everything else. Pure; nothing is changed in place.
 *
 * @module
 */
import { isPlainObject } from '../plain-object.js';
import type { QueryParams } from './query.js';

/** A query parameter's name without the `[]` the REST client may append (`statuses[]` and `statuses` are one parameter). */
function bare(name: string): string {
  return name.endsWith('[]') ? name.slice(0, -2) : name;
}

/**
 * `params` with `extraParams` added (a new object; `params` itself when there are none).
 *
 * @param what - the option's owner, named in errors (`'request'`, `'listAll'`)
 * @throws TypeError when `extraParams` is not a plain object, or names a parameter
 *   `params` has too (`statuses` and `statuses[]` are one): which one to send would be a guess
 * @example
 * ```ts
 * mergeExtraParams({ limit: 5 }, { 'filter[kind]': 'web' }, 'request'); // { limit: 5, 'filter[kind]': 'web' }
 * mergeExtraParams({ statuses: ['triggered'] }, { 'statuses[]': ['resolved'] }, 'request'); // TypeError
 * ```
 */
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

/**
 * `body` with `extraFields` added (a new object; `body` itself when there are none).
 *
 * @param what - the option's owner, named in errors
 * @throws TypeError when `extraFields` is not a plain object, when `body` is something
 *   other than a plain object or absent (a list, a string: there is no field to add), or
 *   when a field is in both
 * @example
 * ```ts
 * mergeExtraFields({ name: 'Web' }, { beta_flag: true }, 'rpost'); // { name: 'Web', beta_flag: true }
 * mergeExtraFields(undefined, { beta_flag: true }, 'rpost'); // { beta_flag: true }
 * ```
 */
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
      `${what}: extraFields are added to a JSON object body, but json is ${Array.isArray(body) ? 'a list' : `a ${body === null ? 'null' : typeof body}`}`,
    );
  for (const name of Object.keys(extraFields)) {
    if (Object.hasOwn(body, name))
      throw new TypeError(`${what}: body field "${name}" is in both json and extraFields; give it in one of them`);
  }
  return { ...body, ...extraFields };
}

/** The options the escape hatch reads. */
export interface ExtraOptions {
  /** The query parameters. */
  readonly params?: QueryParams;
  /** See {@link mergeExtraParams}. */
  readonly extraParams?: QueryParams;
  /** The JSON body. */
  readonly json?: unknown;
  /** See {@link mergeExtraFields}. */
  readonly extraFields?: Readonly<Record<string, unknown>>;
}

/**
 * Request options with `extraParams` merged into `params` and `extraFields` into `json`, and
 * both removed (a new object; `options` itself when it has neither).
 *
 * @throws TypeError as {@link mergeExtraParams} and {@link mergeExtraFields} do
 * @example
 * ```ts
 * withExtras({ params: { limit: 1 }, extraParams: { beta: true } }, 'request'); // { params: { limit: 1, beta: true } }
 * ```
 */
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
