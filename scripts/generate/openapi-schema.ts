// Reading an OpenAPI 3 extract (descriptions/*.json): references, merged object schemas,
// parameters, bodies. Pure functions over the parsed extract; no I/O.

/**
 * A node of a parsed extract: untyped JSON, read by shape. The generators check what they rely
 * on and throw on a surprise; a type per node would restate the description.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a node of untyped JSON
export type JsonNode = any;

/** One operation of an extract, with the path item it is in. */
export interface OperationEntry {
  method: string;
  path: string;
  pathItem: JsonNode;
  operation: JsonNode;
}

/** The HTTP methods of an operation, as the path items spell them. */
export const OPERATION_METHODS = Object.freeze(['get', 'post', 'put', 'patch', 'delete']);

/**
 * The value a local `$ref` (`#/components/schemas/User`) points to, following chains of
 * references. JSON-pointer escapes (`~0`, `~1`, percent-encoding) are decoded.
 *
 * @param extract - the parsed extract
 * @param node - a node that may be a `{ $ref }`
 * @returns the node it resolves to (the node itself when it is no reference)
 * @throws Error for a reference outside the document, one that resolves to nothing, or a cycle
 */
export function resolveRef(extract: JsonNode, node: JsonNode): JsonNode {
  const seen = new Set();
  let current = node;
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (seen.has(ref)) throw new Error(`reference cycle at ${ref}`);
    seen.add(ref);
    if (!ref.startsWith('#/')) throw new Error(`only local references are supported, got ${ref}`);
    let target = extract;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      target = target === null || typeof target !== 'object' ? undefined : target[key];
    }
    if (target === undefined) throw new Error(`unresolved reference ${ref}`);
    current = target;
  }
  return current;
}

/**
 * The object view of a schema: its declared properties and required names, with `allOf`
 * members merged in (as a validator would require all of them). `oneOf`/`anyOf` at the top
 * level are noted but not merged: the body is one of several shapes.
 *
 *   type: string | undefined,
 *   properties: Record<string, unknown>,
 *   required: string[],
 *   alternatives: boolean,
 * }}
 */
export function objectView(
  extract: JsonNode,
  schema: JsonNode,
): {
  type: string | undefined;
  properties: Record<string, unknown>;
  required: string[];
  alternatives: boolean;
} {
  const view = { type: undefined, properties: {}, required: [], alternatives: false };
  merge(extract, schema, view, 0);
  view.required = [...new Set(view.required)];
  return view;
}

function merge(extract: JsonNode, schema: JsonNode, view: JsonNode, depth: number) {
  const node = resolveRef(extract, schema);
  if (!node || typeof node !== 'object') return;
  if (depth > 20) throw new Error('allOf nesting too deep');
  if (typeof node.type === 'string' && view.type === undefined) view.type = node.type;
  for (const member of node.allOf ?? []) merge(extract, member, view, depth + 1);
  if (node.properties) Object.assign(view.properties, node.properties);
  if (Array.isArray(node.required)) view.required.push(...node.required);
  if (node.oneOf || node.anyOf) view.alternatives = true;
  if (view.type === undefined && node.properties) view.type = 'object';
}

/**
 * The broad kind of value a schema describes: `'object'`, `'array'`, a scalar type name,
 * `'alternatives'` for a `oneOf`/`anyOf` whose members are all objects, or `'unknown'`
 * when the schema says nothing about it.
 */
export function valueKind(extract: JsonNode, schema: JsonNode): string {
  const node = resolveRef(extract, schema);
  if (!node || typeof node !== 'object') return 'unknown';
  if (typeof node.type === 'string') return node.type;
  if (node.properties) return 'object';
  for (const member of node.allOf ?? []) {
    const kind = valueKind(extract, member);
    if (kind !== 'unknown') return kind;
  }
  const choices = node.oneOf ?? node.anyOf;
  if (Array.isArray(choices) && choices.length > 0) {
    const kinds = new Set(choices.map((choice) => valueKind(extract, choice)));
    if (kinds.size === 1) return [...kinds][0];
    return 'alternatives';
  }
  return 'unknown';
}

/**
 * Whether a property's schema holds an entity or a list of them (object, array, a choice
 * of objects), as opposed to a scalar such as a status string or a flag. Only such a
 * property can be an entity wrapper.
 */
export function holdsEntity(extract: JsonNode, schema: JsonNode): boolean {
  const kind = valueKind(extract, schema);
  return kind === 'object' || kind === 'array' || kind === 'alternatives' || kind === 'unknown';
}

/**
 * The parameters of an operation, the path item's first and the operation's over them
 * (an operation may redefine one by name and location), references resolved.
 */
export function operationParameters(
  extract: JsonNode,
  pathItem: JsonNode,
  operation: JsonNode,
): Array<{ name: string; in: string; required?: boolean; schema?: JsonNode }> {
  const byKey = new Map();
  for (const list of [pathItem.parameters ?? [], operation.parameters ?? []]) {
    for (const raw of list) {
      const parameter = resolveRef(extract, raw);
      byKey.set(`${parameter.in} ${parameter.name}`, parameter);
    }
  }
  return [...byKey.values()];
}

/**
 * The JSON schema of an operation's request body, `null` when it takes no JSON body (none
 * declared, or only multipart / CSV).
 */
export function jsonRequestBody(extract: JsonNode, operation: JsonNode): { schema: unknown; required: boolean } | null {
  if (!operation.requestBody) return null;
  const body = resolveRef(extract, operation.requestBody);
  const media = jsonMedia(body.content);
  return media ? { schema: media.schema ?? {}, required: body.required === true } : null;
}

/**
 * The success responses (2xx) of an operation, each with its JSON schema (`null` for a
 * response without a JSON body, such as 204).
 */
export function successResponses(
  extract: JsonNode,
  operation: JsonNode,
): Array<{ status: string; schema: unknown | null }> {
  return Object.entries(operation.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([status, raw]) => {
      const response = resolveRef(extract, raw);
      const media = jsonMedia(response.content);
      return { status, schema: media ? (media.schema ?? {}) : null };
    });
}

function jsonMedia(content: JsonNode) {
  if (!content) return null;
  const type = Object.keys(content).find((name) => /^application\/([\w.+-]*\+)?json\b/i.test(name));
  return type === undefined ? null : content[type];
}

/**
 * Every operation of an extract, in the order of its paths and methods.
 */
export function operationsOf(extract: JsonNode): OperationEntry[] {
  const out: OperationEntry[] = [];
  for (const [path, pathItem] of Object.entries<JsonNode>(extract.paths ?? {})) {
    for (const method of OPERATION_METHODS) {
      if (pathItem[method]) out.push({ method: method.toUpperCase(), path, pathItem, operation: pathItem[method] });
    }
  }
  return out;
}
