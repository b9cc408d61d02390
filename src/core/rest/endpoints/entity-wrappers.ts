// Entity wrappers and bodies: which key wraps an endpoint's bodies (the tables' exceptions, the
// convention, the predecessor's URL-segment rule), wrapping and unwrapping a body, and the body checks.
import { isPlaceholder, pathShape } from './canonical-path.js';
import type { CanonicalPath, EntityWrapper, EntityWrapperConfig, EntityWrapperSpec } from './tables.js';
import { isPlainObject } from '../../plain-object.js';
import { mergeExtraFields } from '../../request/extra-options.js';
import type { Endpoint, RequestOptions } from '../../client/api-client.js';

/** The request wrapper and the response wrapper of one endpoint (`null`: not wrapped). */
export type EntityWrapperPair = readonly [EntityWrapper, EntityWrapper];

/** What an r-method sends, worked out once: the endpoint, the options with the body wrapped, the answer's key. */
export interface EntityCall {
  readonly endpoint: Endpoint;
  readonly init: RequestOptions;
  readonly responseWrapper: EntityWrapper;
}

/** A wrapper table indexed by `'<METHOD> <path shape>'`, ready for {@link entityWrappersFor}. */
export interface CompiledWrapperConfig {
  /** Wrapper pairs by `'<METHOD> <path shape>'` (METHOD may be `*`). */
  readonly entries: ReadonlyMap<string, EntityWrapperPair>;
}

// The predecessor's rule (`statuses` gives `statuse`); endpoints it does not fit have table entries.
export function singularName(name: string): string {
  return name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s+$/, '');
}

export function inferEntityWrapper(method: string, path: CanonicalPath): string {
  const nodes = path.split('/');
  const last = nodes[nodes.length - 1];
  if (isPlaceholder(last)) return singularName(nodes[nodes.length - 2] ?? '');
  if (method.toUpperCase() === 'POST') return singularName(last);
  return last;
}

export function compileWrapperConfig(config: EntityWrapperConfig): CompiledWrapperConfig {
  const entries = new Map<string, EntityWrapperPair>();
  for (const [key, spec] of Object.entries(config)) {
    const match = /^(\*|[A-Z]+) (\/\S*)$/.exec(key);
    if (!match) throw new TypeError(`entity wrapper key ${JSON.stringify(key)} is not '<METHOD> <path>'`);
    const indexKey = `${match[1]} ${pathShape(match[2])}`;
    if (entries.has(indexKey)) throw new TypeError(`entity wrapper key ${JSON.stringify(key)} duplicates another key`);
    entries.set(indexKey, wrapperPair(key, spec));
  }
  return { entries };
}

export function entityWrappersFor(
  compiled: CompiledWrapperConfig | null,
  method: string,
  path: CanonicalPath,
  shape: string = pathShape(path),
): EntityWrapperPair {
  const verb = method.toUpperCase();
  if (compiled) {
    const found = compiled.entries.get(`${verb} ${shape}`) ?? compiled.entries.get(`* ${shape}`);
    if (found) return found;
  }
  const inferred = inferEntityWrapper(verb, path);
  return [inferred, inferred];
}

function wrapperPair(key: string, spec: EntityWrapperSpec): EntityWrapperPair {
  const valid = (value: unknown): value is EntityWrapper =>
    value === null || (typeof value === 'string' && value !== '');
  if (valid(spec)) return Object.freeze([spec, spec] as const);
  if (Array.isArray(spec) && spec.length === 2 && valid(spec[0]) && valid(spec[1])) {
    return Object.freeze([spec[0], spec[1]] as const);
  }
  throw new TypeError(`entity wrapper of ${key} must be a name, null or a pair of them, got ${JSON.stringify(spec)}`);
}

// The predecessor's rule before 5.0.0: segments alternate collection and id, so an odd count is an
// index (`/users/PABC/contact_methods`) and an even count one resource (`/users/me`).
const MULTI_UPDATE_TOKENS: readonly string[] = Object.freeze([
  'incidents/{index}',
  'incidents/{id}/alerts/{index}',
  'priorities/{index}',
]);

export function urlPathSegments(path: string): string[] | null {
  const trimmed = path.startsWith('/') ? path.slice(1) : path;
  const nodes = trimmed.split('/');
  return nodes.length === 0 || nodes.includes('') ? null : nodes;
}

/** Whether nodes name an index (an odd number of them) rather than one resource. */
export function isIndexSegments(nodes: readonly string[]): boolean {
  return nodes.length % 2 === 1;
}

export function pathTokens(nodes: readonly string[]): string[] {
  const tokens = [nodes[0]];
  if (nodes.length >= 3) tokens.push('{id}', nodes[2]);
  tokens.push(isIndexSegments(nodes) ? '{index}' : '{id}');
  return tokens;
}

export function segmentWrappers(method: string, nodes: readonly string[]): EntityWrapperPair {
  const tokens = pathTokens(nodes);
  const resource = tokens[tokens.length - 2];
  const verb = method.toUpperCase();
  const plural =
    (verb === 'GET' && isIndexSegments(nodes)) || (verb === 'PUT' && MULTI_UPDATE_TOKENS.includes(tokens.join('/')));
  const wrapper = plural ? resource : singularName(resource);
  return [wrapper, wrapper];
}

/** The outcome of {@link unwrapBody}: the entity, or why the body has no such wrapper. */
export type UnwrapResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly problem: string };

// An entity already in its wrapper goes out as it is; `'has-key'` is the predecessor's looser test.
export function wrapBody(
  json: unknown,
  wrapper: EntityWrapper,
  wrappedWhen: 'only-key' | 'has-key' = 'only-key',
): unknown {
  if (wrapper === null) return json;
  if (
    isPlainObject(json) &&
    Object.hasOwn(json, wrapper) &&
    (wrappedWhen === 'has-key' || Object.keys(json).length === 1)
  )
    return json;
  return { [wrapper]: json };
}

export function wrapBodyWithFields(
  json: unknown,
  extraFields: Readonly<Record<string, unknown>> | undefined,
  wrapper: EntityWrapper,
  wrappedWhen: 'only-key' | 'has-key',
  what: string,
): unknown {
  if (extraFields === undefined) return wrapBody(json, wrapper, wrappedWhen);
  if (json === undefined) return wrapBody(mergeExtraFields(undefined, extraFields, what), wrapper, wrappedWhen);
  const wrapped = wrapBody(json, wrapper, wrappedWhen);
  if (wrapper !== null && isPlainObject(wrapped) && Object.hasOwn(wrapped, wrapper)) {
    return { ...wrapped, [wrapper]: mergeExtraFields(wrapped[wrapper], extraFields, what) };
  }
  return mergeExtraFields(wrapped, extraFields, what);
}

export function unwrapBody(body: unknown, wrapper: EntityWrapper): UnwrapResult {
  if (wrapper === null) return { ok: true, value: body };
  const expected = `expected the response body to be an object with the key "${wrapper}"`;
  if (!isPlainObject(body)) {
    const type = body === null ? 'null' : Array.isArray(body) ? 'an array' : typeof body;
    return { ok: false, problem: `${expected}, but it is ${type}` };
  }
  if (!Object.hasOwn(body, wrapper)) {
    const keys = Object.keys(body);
    const listed = keys.length > 0 ? truncate(keys.join(', ')) : '(none)';
    return { ok: false, problem: `${expected}, but its keys are: ${listed}` };
  }
  return { ok: true, value: body[wrapper] };
}

/** What a response body holds for an r-method: its entity, or why it holds none the method can use. */
export type EntityReading =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly code: 'ERR_NOT_JSON' | 'ERR_MISSING_KEY'; readonly detail: string };

/** The entity of a successful response's body, under its response wrapper (`null`: the whole body). */
export function entityOfBody(status: number, text: string, wrapper: EntityWrapper): EntityReading {
  if (text.trim() === '') {
    // 202 and 204 promise no entity; an empty success where a wrapped one was due is unusable, as HTML is.
    if (status === 204 || status === 202 || wrapper === null) return { ok: true, value: null };
    return { ok: false, code: 'ERR_NOT_JSON', detail: `API responded with an empty body (status ${status})` };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, code: 'ERR_NOT_JSON', detail: 'API responded with a body that is not valid JSON' };
  }
  const unwrapped = unwrapBody(body, wrapper);
  if (unwrapped.ok) return unwrapped;
  return {
    ok: false,
    code: 'ERR_MISSING_KEY',
    detail: `API responded with a body without its wrapper: ${unwrapped.problem}`,
  };
}

function truncate(text: string, length = 200): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

export function withWrappedBody(
  init: RequestOptions,
  wrapper: string | null,
  wrappedWhen: 'only-key' | 'has-key',
  name: string,
): RequestOptions {
  if (init.json === undefined && init.extraFields === undefined) return init;
  const { extraFields, ...rest } = init;
  return { ...rest, json: wrapBodyWithFields(init.json, extraFields, wrapper, wrappedWhen, name) };
}

export function hasBody(init: RequestOptions | undefined): init is RequestOptions {
  return init !== undefined && (init.json !== undefined || init.extraFields !== undefined);
}

// node-fetch would refuse a GET with a body by a TypeError that names neither the call nor the fix.
export function refuseBodyOnGet(method: string, name: string, init: RequestOptions | undefined): void {
  if (init === undefined || method.toUpperCase() !== 'GET') return;
  // `json: null` is a body (the JSON text `null`); `body: null` is fetch's way to say none.
  const given = (['json', 'extraFields', 'form', 'body'] as const).filter(
    (key) => init[key] !== undefined && !(key === 'body' && init.body === null),
  );
  if (given.length > 0) {
    throw new TypeError(
      `${name}: a GET request has no body, but ${given.map((key) => `\`${key}\``).join(' and ')} was given; ` +
        'pass query parameters as `params`',
    );
  }
}
