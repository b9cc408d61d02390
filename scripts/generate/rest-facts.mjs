// PROVISIONAL (issue 13): a simple implementation of the contract that issue 12's
// `scripts/generate/rest-facts.mjs` provides (reviewed overrides included). The lead drops
// this file at merge in favour of issue 12's; nothing here is meant to outlive that.
//
// deriveRestOperations(extract) -> one entry per operation:
//   { method, path, requestWrapper, responseWrapper, pagination, listKey, maxPageSize }
// Pure: reads only the extract it is given.

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const CLASSIC_KEYS = new Set(['offset', 'limit', 'more', 'total']);
const CURSOR_KEYS = new Set(['next_cursor', 'limit']);

function pointer(doc, ref) {
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~')))
    .reduce((node, key) => (node === undefined ? undefined : node[key]), doc);
}

function deref(doc, node, seen = new Set()) {
  while (node && typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) return undefined;
    seen.add(node.$ref);
    node = pointer(doc, node.$ref);
  }
  return node;
}

/** The properties of an object schema, allOf parts merged (later parts win). */
function properties(doc, schema) {
  const node = deref(doc, schema);
  if (!node || typeof node !== 'object') return {};
  const out = {};
  for (const part of node.allOf ?? []) Object.assign(out, properties(doc, part));
  for (const [name, value] of Object.entries(node.properties ?? {})) out[name] = value;
  return out;
}

function jsonSchema(doc, content) {
  const media = content && (content['application/json'] ?? Object.entries(content).find(([type]) => type.includes('json'))?.[1]);
  return media?.schema;
}

function successSchema(doc, operation) {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!/^2\d\d$/.test(status)) continue;
    const schema = jsonSchema(doc, deref(doc, response)?.content);
    if (schema) return schema;
  }
  return undefined;
}

function isArray(doc, schema) {
  return deref(doc, schema)?.type === 'array';
}

function parameters(doc, pathItem, operation) {
  return [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) => deref(doc, parameter)).filter(Boolean);
}

/** The facts of every operation of a REST-style description. */
export function deriveRestOperations(extract) {
  const out = [];
  for (const [path, pathItem] of Object.entries(extract.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const response = successSchema(extract, operation);
      const responseProps = response && !isArray(extract, response) ? properties(extract, response) : {};
      const names = Object.keys(responseProps);
      const classic = names.includes('more') || names.includes('offset');
      const query = parameters(extract, pathItem, operation).filter((parameter) => parameter.in === 'query');
      const cursor = names.includes('next_cursor') || query.some((parameter) => parameter.name === 'cursor');
      const paging = classic ? CLASSIC_KEYS : cursor ? CURSOR_KEYS : new Set();
      const content = names.filter((name) => !paging.has(name));
      const arrays = content.filter((name) => isArray(extract, responseProps[name]));
      // An index answers one list beside its paging fields (and sometimes metadata).
      const listKey = method === 'get' && arrays.length === 1 && (content.length === 1 || classic || cursor) ? arrays[0] : null;
      const responseWrapper = content.length === 1 ? content[0] : listKey;
      const body = jsonSchema(extract, deref(extract, operation.requestBody)?.content);
      const bodyProps = body && !isArray(extract, body) ? Object.keys(properties(extract, body)) : [];
      const requestWrapper = bodyProps.length === 1 ? bodyProps[0] : null;
      const limit = query.find((parameter) => parameter.name === 'limit');
      const maximum = deref(extract, limit?.schema)?.maximum;
      out.push({
        method: method.toUpperCase(),
        path,
        requestWrapper,
        responseWrapper,
        pagination: listKey === null ? 'none' : cursor ? 'cursor' : classic ? 'classic' : 'none',
        listKey,
        maxPageSize: typeof maximum === 'number' ? maximum : null,
      });
    }
  }
  return out;
}
