// The TypeScript types of one facts-only extract, written by openapi-typescript (pinned in
// devDependencies): `paths`, `components` and `operations`, names and types only.
//
// openapi-typescript does the translation; this module only prepares its input where the
// official descriptions use constructs it cannot translate faithfully, and checks its output:
// - A `$ref` into the middle of another schema (`#/components/schemas/Tag/allOf/0`) becomes an
//   indexed access on a type that has no such member (`Tag["allOf"]["0"]`), which does not
//   compile: such references are replaced by a copy of what they point to.
// - A `discriminator` without a `mapping` makes openapi-typescript require each member's
//   discriminator to equal the member's *schema name* (OpenAPI's implicit mapping), which the
//   API never sends (`runner_type: "AutomationActionsRunnerRunbookBody"` where the API says
//   `runbook`); a mapping that points inside a path item makes it invent a schema named `0`.
//   Such discriminators are dropped: members keep the types their own properties declare.
// - An `allOf` member that only lists `required` names (`{ type: object, required: [id] }`)
//   requires properties its siblings declare; openapi-typescript types it as any object and
//   leaves them optional. The names are copied into the `required` of the sibling that
//   declares them (inline siblings only: a referenced schema is shared), as allOf means.
// - Only what the clients' types use is translated for the operations: their path and query
//   parameters, request bodies and success (2xx) responses. Header parameters (the clients
//   set `Accept`, `Content-Type` and `From` themselves) and error responses (the clients
//   throw on them) are left out of the operations, not of the components: they would double
//   the size of the declarations every consumer's compiler reads, for types nothing reaches.
// - The comments it writes are facts (`Format: date-time`, `@default`, `@enum`,
//   `@deprecated`) except one sentence of its own on discriminator properties, removed here.
//   `assertFactsOnly` refuses any other comment, so no prose reaches the project.
// - Three things it writes say nothing a type reads, and were a tenth of the packed package's generated
//   declarations: the members it declares absent (`query?: never`, `trace?: never`, in every operation and path
//   item), the headers of every response (`[name: string]: unknown`, as the clients read none of them there), and
//   the `@enum` mark over a union that already lists the values. They are removed from its output.
import { createHash } from 'node:crypto';
import type { JsonNode } from './openapi-schema.js';

const TOP_LEVEL_REF = /^#\/components\/[^/]+\/[^/]+$/;
const COMPONENT_SCHEMA_REF = /^#\/components\/schemas\/[^/]+$/;

/** The node a local JSON pointer (`#/a/b~1c`) designates, or undefined. */
export function resolvePointer(document: JsonNode, ref: string) {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part: string) => decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~')))
    .reduce((node: JsonNode, key: string) => (node === undefined || node === null ? undefined : node[key]), document);
}

function inlineDeepRefs(node: JsonNode, document: JsonNode, depth: number): JsonNode {
  if (Array.isArray(node)) return node.map((item) => inlineDeepRefs(item, document, depth));
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string' && !TOP_LEVEL_REF.test(node.$ref)) {
    if (depth > 32) throw new Error(`reference cycle through ${node.$ref}`);
    const target = resolvePointer(document, node.$ref);
    if (target === undefined) throw new Error(`unresolved reference ${node.$ref}`);
    return inlineDeepRefs(target, document, depth + 1);
  }
  const out: Record<string, JsonNode> = {};
  for (const [key, value] of Object.entries<JsonNode>(node)) {
    if (key === 'discriminator' && !keepDiscriminator(value)) continue;
    out[key] = inlineDeepRefs(value, document, depth);
  }
  if (Array.isArray(out.allOf)) out.allOf = requireAcrossAllOf(out.allOf);
  return out;
}

/** allOf members with the names that property-less members require added to their `required`. */
function requireAcrossAllOf(members: JsonNode) {
  const names = members
    .filter(
      (member: JsonNode) =>
        member && typeof member === 'object' && !member.$ref && !member.properties && Array.isArray(member.required),
    )
    .flatMap((member: JsonNode) => member.required);
  if (names.length === 0) return members;
  return members.map((member: JsonNode) => {
    if (!member || typeof member !== 'object' || member.$ref || !member.properties) return member;
    const declared = names.filter((name: string) => Object.hasOwn(member.properties, name));
    if (declared.length === 0) return member;
    return { ...member, required: [...new Set([...(member.required ?? []), ...declared])] };
  });
}

function keepDiscriminator(discriminator: JsonNode) {
  const targets = Object.values<JsonNode>(discriminator?.mapping ?? {});
  return (
    targets.length > 0 && targets.every((target) => typeof target === 'string' && COMPONENT_SCHEMA_REF.test(target))
  );
}

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const TYPED_PARAMETERS = new Set(['path', 'query']);

/** The parameters the clients' types use (path and query), references resolved to tell. */
function typedParameters(parameters: JsonNode, document: JsonNode) {
  if (!Array.isArray(parameters)) return parameters;
  return parameters.filter((parameter) => {
    const resolved = typeof parameter?.$ref === 'string' ? resolvePointer(document, parameter.$ref) : parameter;
    return TYPED_PARAMETERS.has(resolved?.in);
  });
}

/** An operation with only its typed parameters and its success responses. */
function typedOperation(operation: JsonNode, document: JsonNode) {
  const responses = Object.fromEntries(
    Object.entries(operation.responses ?? {}).filter(([status]) => /^2(?:\d\d|XX)$/i.test(status)),
  );
  return { ...operation, parameters: typedParameters(operation.parameters, document), responses };
}

function typedPaths(paths: JsonNode, document: JsonNode) {
  const out: Record<string, JsonNode> = {};
  for (const [path, item] of Object.entries<JsonNode>(paths ?? {})) {
    const copy = { ...item, parameters: typedParameters(item.parameters, document) };
    if (copy.parameters === undefined) delete copy.parameters;
    for (const method of OPERATION_METHODS) if (item[method]) copy[method] = typedOperation(item[method], document);
    out[path] = copy;
  }
  return out;
}

/**
 * A copy of an extract that openapi-typescript translates faithfully, with the operations
 * reduced to what the types use (see the module comment). Pure: the extract is not changed.
 */
export function prepareForOpenapiTypescript(extract: JsonNode) {
  const inlined = inlineDeepRefs(extract, extract, 0);
  return inlined.paths ? { ...inlined, paths: typedPaths(inlined.paths, inlined) } : inlined;
}

const TOOL_SENTENCE = /^\s*\* @description discriminator enum property added by openapi-typescript\n/gm;
const ABSENT_MEMBER = /^ *[\w$]+\?: never;\n/gm;
const ANY_HEADERS = /^ *headers: \{\n *\[name: string\]: unknown;\n *\};\n/gm;
const ENUM_MARK = /^ *\/\*\* @enum \{[\w|]+\} \*\/\n|^ *\* @enum \{[\w|]+\}\n/gm;
const EMPTY_COMMENT = /^ *\/\*\*\n *\*\/\n/gm;

/** One fact openapi-typescript writes in a comment. */
const FACT = /^(?:Format: [\w .:/-]{1,40}|@default\b.*|@enum \{[\w|]+\}|@deprecated|@constant)$/;

/**
 * Throws when a generated text holds a comment that is not made of the facts
 * openapi-typescript writes: a format, a default value (JSON, possibly over several
 * lines), an enum's type, a deprecation or constant mark.
 */
export function assertFactsOnly(text: string, origin: string) {
  for (const comment of text.match(/\/\*\*[\s\S]*?\*\//g) ?? []) {
    const lines = comment
      .replace(/^\/\*\*/, '')
      .replace(/\*\/$/, '')
      .split('\n')
      .map((line: string) =>
        line
          .trim()
          .replace(/^\*\s?/, '')
          .trim(),
      )
      .filter((line: string) => line !== '');
    let inDefault = false;
    for (const line of lines) {
      if (FACT.test(line)) {
        inDefault = line.startsWith('@default');
        continue;
      }
      // The continuation of a multi-line JSON default is data too.
      if (inDefault && !line.startsWith('@')) continue;
      throw new Error(`${origin}: a generated comment holds something other than facts: ${line}`);
    }
  }
}

const written = new Map();

/**
 * The TypeScript source openapi-typescript writes for an extract, checked to hold no prose.
 * Memoised by the extract's content: the translation of the REST API v2 takes seconds, and
 * the generator runs it more than once in one process (the tests compare, then compare again).
 */
export async function openapiTypesSource(extract: JsonNode, origin: string) {
  const key = `${origin}:${createHash('sha256').update(JSON.stringify(extract)).digest('hex')}`;
  if (!written.has(key)) written.set(key, translate(extract, origin));
  return written.get(key);
}

async function translate(extract: JsonNode, origin: string) {
  // Loaded here: it brings in the TypeScript compiler, which the generator's other stages do not need.
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(prepareForOpenapiTypescript(extract), {
    silent: true,
    // `{ type: object }` without properties is any object, not an object without keys.
    emptyObjectsUnknown: true,
    // A property is required when the description says so; a default does not make it
    // required (that would demand it in request bodies, where the default is the point).
    defaultNonNullable: false,
  });
  const text = astToString(ast)
    .replace(TOOL_SENTENCE, '')
    .replace(ABSENT_MEMBER, '')
    .replace(ANY_HEADERS, '')
    .replace(ENUM_MARK, '')
    .replace(EMPTY_COMMENT, '');
  assertFactsOnly(text, origin);
  return text;
}
