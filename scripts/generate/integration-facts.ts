// The facts of every operation of an integration API description (descriptions/
// integration-*.json), relative to the client that serves it. Pure.
import { applyOverrides } from './apply-overrides.js';
import type { OperationFacts } from './operation-facts.js';
import { INTEGRATION_OVERRIDES } from './integration-overrides.js';
import { deriveOperation } from './operation-facts.js';
import { operationsOf } from './openapi-schema.js';
import type { JsonNode } from './openapi-schema.js';

export interface IntegrationOperation extends OperationFacts {
  baseUrl: string;
  describedPath: string;
  auth: Array<'token' | 'bearer'>;
}

/**
 * One entry per operation of an integration API description, with the same facts as
 * `deriveRestOperations` gives (see operation-facts.ts), plus:
 * - `baseUrl`: the base URL of the client that serves the operation. It is the operation's
 *   server URL (an operation or path item may name its own server, as the Slack
 *   connections do on the app host); when that URL has no path, the first path segment
 *   joins it (`https://api.pagerduty.com` + `/integration-jira-cloud`), since each
 *   integration API lives under one base path.
 * - `path`: the path relative to `baseUrl` (what the client's canonical paths hold);
 *   `describedPath`: the path as in the description.
 * - `auth`: the kinds of credential the operation accepts (`'token'`: an API key in the
 *   Authorization header; `'bearer'`: an OAuth token).
 *
 * The rows of integration-overrides.ts are applied (keyed by the described path).
 *
 * @param extract - a parsed descriptions/integration-*.json
 */
export function deriveIntegrationOperations(extract: JsonNode): IntegrationOperation[] {
  const operations = operationsOf(extract).map((entry) => {
    const server = entry.operation.servers?.[0]?.url ?? entry.pathItem.servers?.[0]?.url ?? extract.servers?.[0]?.url;
    if (typeof server !== 'string') throw new Error(`${entry.method} ${entry.path} has no server URL`);
    const { baseUrl, path } = splitBase(server, entry.path);
    return {
      ...deriveOperation(extract, entry, path),
      baseUrl,
      describedPath: entry.path,
      auth: authKinds(extract, entry.operation.security ?? extract.security ?? []),
    };
  });
  return applyOverrides(operations, INTEGRATION_OVERRIDES);
}

function splitBase(server: JsonNode, path: string) {
  const url = new URL(server);
  const trimmed = server.replace(/\/+$/, '');
  if (url.pathname !== '/' && url.pathname !== '') return { baseUrl: trimmed, path };
  const [, first, ...rest] = path.split('/');
  return { baseUrl: `${trimmed}/${first}`, path: `/${rest.join('/')}` };
}

function authKinds(extract: JsonNode, requirements: JsonNode) {
  const schemes = extract.components?.securitySchemes ?? {};
  const kinds = new Set<'token' | 'bearer'>();
  for (const requirement of requirements) {
    for (const name of Object.keys(requirement)) {
      const scheme = schemes[name];
      if (scheme?.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') kinds.add('bearer');
      else if (scheme?.type === 'apiKey') kinds.add('token');
      else throw new Error(`unsupported security scheme ${name}`);
    }
  }
  return [...kinds].sort();
}
