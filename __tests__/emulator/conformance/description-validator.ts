/**
 * Checks an answer against the REST description itself (descriptions/rest.json, not the
 * emulator's compact extract): the schema the operation declares for the answer's status,
 * `$ref`s resolved by ajv, OpenAPI's `nullable` honoured (ajv 8 knows it).
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the description is untyped JSON
type Json = Record<string, any>;

/**
 * OpenAPI 3.0 writes `nullable` beside `$ref` or `allOf` too, where ajv wants a `type`: such
 * a schema becomes "the schema, or null", which is what the description means.
 */
function withNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullables);
  if (typeof node !== 'object' || node === null) return node;
  const { nullable, ...rest } = node as Json;
  const copy: Json = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, withNullables(value)]));
  if (nullable === undefined) return copy;
  if (copy.type !== undefined) return { ...copy, nullable };
  return nullable ? { anyOf: [copy, { type: 'null' }] } : copy;
}

export const REST_DESCRIPTION = withNullables(
  JSON.parse(readFileSync(new URL('../../../descriptions/rest.json', import.meta.url), 'utf8')),
) as Json;

function pointer(...parts: string[]): string {
  return parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function resolve(node: Json | undefined): Json | undefined {
  let current = node;
  while (current?.$ref)
    current = current.$ref
      .split('/')
      .slice(1)
      .reduce((at: Json, key: string) => at?.[key], REST_DESCRIPTION);
  return current;
}

export class DescriptionValidator {
  readonly #ajv = new Ajv({
    strict: false,
    allErrors: false,
    formats: {
      'date-time': DATE_TIME,
      date: /^\d{4}-\d{2}-\d{2}$/,
      email: /^[^@\s]+@[^@\s]+$/,
      uri: /^[a-z][a-z0-9+.-]*:/i,
      url: /^[a-z][a-z0-9+.-]*:/i,
      uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      time: true,
      'partial-time': true,
      tzinfo: true,
      'activesupport-time-zone': true,
      float: true,
      double: true,
      int32: true,
      int64: true,
    },
  });
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor() {
    this.#ajv.addSchema(REST_DESCRIPTION, 'rest');
  }

  /**
   * The problems of an answer (none: valid), or `undefined` when the operation declares no
   * JSON schema for that status.
   */
  problems(method: string, path: string, status: number, body: unknown): string[] | undefined {
    const operation = REST_DESCRIPTION.paths[path][method.toLowerCase()];
    const declared = operation.responses[String(status)];
    if (declared === undefined) return [`status ${status} is not declared`];
    const schema = resolve(declared)?.content?.['application/json']?.schema;
    if (schema === undefined) return body === undefined ? [] : undefined;
    const answer = declared.$ref
      ? declared.$ref.split('/').slice(1)
      : ['paths', path, method.toLowerCase(), 'responses', String(status)];
    const ref = `rest#${pointer('', ...answer, 'content', 'application/json', 'schema')}`;
    let validate = this.#compiled.get(ref);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: ref });
      this.#compiled.set(ref, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
  }
}
