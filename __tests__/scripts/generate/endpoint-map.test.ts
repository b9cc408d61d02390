/** The type-level lookup maps of an API: endpoints, route tree, literal tiers, completion hints. */
import { describe, expect, it } from '@jest/globals';
import { endpointMapSource, type EndpointOperation as Operation } from '../../../scripts/generate/endpoint-map.js';

const json = (schema: object): object => ({ content: { 'application/json': { schema } } });
const extract = {
  paths: {
    '/api/users': {
      get: {
        parameters: [{ name: 'query', in: 'query', schema: { type: 'string' } }],
        responses: { 200: json({ type: 'object' }) },
      },
      post: { requestBody: json({ type: 'object' }), responses: { 201: json({ type: 'object' }) } },
    },
    '/api/users/{id}': { get: { responses: { 200: json({ type: 'object' }) } }, delete: { responses: { 204: {} } } },
    '/api/users/me': { get: { responses: { 200: json({ type: 'object' }) } } },
  },
};
// Canonical paths are relative to the client's base URL (`/api`), as integration-facts gives them.
const op = (method: string, p: string, wrappers: Partial<Operation> = {}): Operation => ({
  method,
  path: p.replace(/^\/api/, ''),
  describedPath: p,
  requestWrapper: null,
  responseWrapper: null,
  listKey: null,
  ...wrappers,
});
const operations = [
  op('GET', '/api/users', { responseWrapper: 'users', listKey: 'users' }),
  op('POST', '/api/users', { requestWrapper: 'user', responseWrapper: 'user' }),
  op('GET', '/api/users/{id}', { responseWrapper: 'user' }),
  op('DELETE', '/api/users/{id}'),
  op('GET', '/api/users/me', { responseWrapper: 'user' }),
];

async function source(): Promise<string> {
  return endpointMapSource({
    name: 'Test',
    title: 'test API',
    openapiModule: './test-openapi.js',
    extract,
    operations,
    basePath: '/api',
  });
}

describe('endpointMapSource', () => {
  it('types each endpoint by indexed access into the description path, with given wrappers and list key', async () => {
    const text = await source();
    expect(text).toContain(
      "  '/users': {\n    GET: {\n      query: NonNullable<paths['/api/users']['get']['parameters']['query']>;\n" +
        "      response: paths['/api/users']['get']['responses'][200]['content']['application/json'];\n" +
        "      responseWrapper: 'users';\n      listKey: 'users';\n    };\n    POST: {\n" +
        "      body: NonNullable<paths['/api/users']['post']['requestBody']>['content']['application/json'];\n",
    );
    expect(text).toContain('    DELETE: {\n      response: null;\n    };');
  });

  it('builds the route tree with placeholders as "/*" and ends as "/"', async () => {
    const text = await source();
    expect(text).toContain(
      "export interface TestRoutes {\n  'users': {\n    '/': '/users';\n" +
        "    '/*': {\n      '/': '/users/{id}';\n    };\n" +
        "    'me': {\n      '/': '/users/me';\n    };\n  };\n}",
    );
  });

  it('groups paths by literal segments, most first, and lists the completions per method', async () => {
    const text = await source();
    expect(text).toContain("export type TestPathTiers = [\n  '/users/me',\n  '/users' | '/users/{id}',\n];");
    expect(text).toContain("  GET: '/users' | '/users/me' | '/users/{id}';\n  POST: '/users';\n  PUT: never;");
    expect(text).toContain("  INDEX: '/users';");
    expect(text).toContain("  basePath: 'api';");
  });
});
