// Stage: the integration API descriptors (src/generated/integrations/) from
// descriptions/integration-*.json.
import { INTEGRATION_APIS } from './integration-apis.js';
import { deriveIntegrationOperations } from './integration-facts.js';
import { entryLines, generatedHeader, itemLines, literal, str } from './render-ts.js';
import { tableRows } from './table-rows.js';
import type { DescriptionSource, GeneratedFile, Stage } from './index.js';
import type { JsonNode } from './openapi-schema.js';
import type { IntegrationApiConfig } from './integration-apis.js';
import type { IntegrationOperation } from './integration-facts.js';

const DIRECTORY = 'src/generated/integrations';
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export const integrationTablesStage: Stage = Object.freeze<Stage>({
  name: 'integration-tables',
  directories: [DIRECTORY],
  generate(context) {
    const operationsByDescription = new Map();
    const served = new Set();
    const files = INTEGRATION_APIS.map((api) => {
      if (!operationsByDescription.has(api.description)) {
        operationsByDescription.set(
          api.description,
          deriveIntegrationOperations(context.readDescription(api.description)),
        );
      }
      const operations = operationsByDescription
        .get(api.description)
        .filter((operation: JsonNode) => operation.baseUrl === api.baseUrl);
      if (operations.length === 0)
        throw new Error(`${api.constant}: no operation of ${api.description} is served from ${api.baseUrl}`);
      for (const operation of operations) served.add(operation);
      return integrationFile(api, operations, context.descriptionSource(api.description));
    });
    for (const [description, operations] of operationsByDescription) {
      const orphan = operations.find((operation: JsonNode) => !served.has(operation));
      if (orphan)
        throw new Error(`${description}: ${orphan.method} ${orphan.describedPath} (${orphan.baseUrl}) has no client`);
    }
    return files;
  },
});

/**
 * The generated descriptor module of one integration API.
 *
 * @param operations - the operations it serves
 * @param source - the extract they came from
 */
export function integrationFile(
  api: IntegrationApiConfig,
  operations: IntegrationOperation[],
  source: DescriptionSource,
): GeneratedFile {
  const rows = tableRows(operations);
  const methods = METHOD_ORDER.filter((method) => operations.some((operation) => operation.method === method));
  const kinds = new Set(operations.flatMap((operation) => operation.auth));
  const authRule = kinds.size === 2 ? 'any' : kinds.has('bearer') ? 'bearer' : 'token';
  const block = (entries: JsonNode) => (entries.length === 0 ? '{}' : `{\n${indent(entryLines(entries))}    }`);
  const indexes = `Object.freeze<Record<CanonicalPath, IndexPagination>>(${block(rows.indexes)})`;
  const wrappers = `Object.freeze<EntityWrapperConfig>(${block(rows.wrapperConfig)})`;
  const content = `${generatedHeader(source)}
/**
 * ${api.summary.replace(/\n/g, '\n * ')}
 *
 * @module
 */
import type { CanonicalPath, EntityWrapperConfig, IndexPagination } from '../../core/rest/endpoints/tables.js';
import type { IntegrationApiDescriptor } from '../../core/integrations/integration-api-client.js';

/**
 * ${api.summary.replace(/\n/g, '\n * ')}
 * Paths, methods, auth, wrappers and pagination come from the API's official description.
 */
export const ${api.constant}: IntegrationApiDescriptor = Object.freeze({
  baseUrl: ${str(api.baseUrl)},
  permittedMethods: Object.freeze(${literal(methods)} as const),
  defaultHeaders: Object.freeze(${literal(api.defaultHeaders)}),
  authRule: ${str(authRule)},
  tables: Object.freeze({
    canonicalPaths: Object.freeze([
${indent(itemLines(rows.canonicalPaths), 4)}    ]),
    cursorPaths: Object.freeze(${literal(rows.cursorPaths)}),
    wrapperConfig: ${wrappers},
    indexes: ${indexes},
  }),
});
`;
  return { path: `${DIRECTORY}/${api.file}`, content };
}

function indent(lines: string, by = 4) {
  const pad = ' '.repeat(by);
  return lines.replace(/^(?=.)/gm, pad);
}
