// The shapes of an official description's own examples: for each example of a JSON request
// or success response, its field names and the JSON type of each value, never the values
// themselves (sample data and prose are not ours to copy). The survey of the description
// (scripts/generate/survey-description.ts) compares them with the schemas. Pure.
//
// A shape is a JSON type name ('string', 'number', 'boolean', 'null'), an object of shapes by
// field name, or an array of the distinct shapes of its items.

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A node of a parsed description: an object read by key, or anything else. */
type DescriptionNode = { readonly [key: string]: unknown } | undefined;

const asNode = (value: unknown): DescriptionNode =>
  typeof value === 'object' && value !== null ? (value as { readonly [key: string]: unknown }) : undefined;

/** The shape of a JSON value. */
export function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    const seen = new Map<string, unknown>();
    for (const item of value) {
      const shape = shapeOf(item);
      seen.set(JSON.stringify(shape), shape);
    }
    return [...seen.values()];
  }
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shapeOf(item)]));
  return typeof value;
}

function resolve(description: object, node: unknown): DescriptionNode {
  let current = asNode(node);
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 16; hops += 1) {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<DescriptionNode>((target, key) => asNode(target?.[key]), asNode(description));
  }
  return current;
}

/** The example values of a media type object: its `example` and each of its `examples`. */
function mediaExamples(description: object, media: DescriptionNode): unknown[] {
  const values = media?.example === undefined ? [] : [media.example];
  for (const example of Object.values(asNode(media?.examples) ?? {})) {
    const value = resolve(description, example)?.value;
    if (value !== undefined) values.push(value);
  }
  return values;
}

function jsonMedia(description: object, holder: unknown): DescriptionNode {
  const content = asNode(resolve(description, holder)?.content) ?? {};
  const type = Object.keys(content).find((name) => /^application\/([\w.+-]*\+)?json\b/i.test(name));
  return type === undefined ? undefined : asNode(content[type]);
}

/**
 * The example shapes of a description's JSON request bodies and success responses, keyed
 * `'<METHOD> <path>'` and `'<METHOD> <path> <status>'`; only those with examples appear.
 *
 * @param description - a parsed OpenAPI 3 description
 */
export function exampleShapes(description: object): {
  requests: Record<string, unknown[]>;
  responses: Record<string, unknown[]>;
} {
  const requests: Record<string, unknown[]> = {};
  const responses: Record<string, unknown[]> = {};
  for (const [path, item] of Object.entries(asNode(asNode(description)?.paths) ?? {})) {
    for (const method of METHODS) {
      const operation = asNode(asNode(item)?.[method]);
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const sent = mediaExamples(description, jsonMedia(description, operation.requestBody)).map(shapeOf);
      if (sent.length > 0) requests[key] = sent;
      for (const [status, response] of Object.entries(asNode(operation.responses) ?? {})) {
        if (!/^2\d\d$/.test(status)) continue;
        const answered = mediaExamples(description, jsonMedia(description, response)).map(shapeOf);
        if (answered.length > 0) responses[`${key} ${status}`] = answered;
      }
    }
  }
  return { requests, responses };
}
