// Stage: the integration API descriptors (src/generated/integrations/) from
// descriptions/integration-*.json.
import { INTEGRATION_APIS } from './integration-apis.mjs';
import { deriveIntegrationOperations } from './integration-facts.mjs';
import { entryLines, generatedHeader, itemLines, literal, str } from './render-ts.mjs';
import { tableRows } from './table-rows.mjs';

const DIRECTORY = 'src/generated/integrations';
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** @type {import('./index.mjs').Stage} */
export const integrationTablesStage = Object.freeze({
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
        .filter((operation) => operation.baseUrl === api.baseUrl);
      if (operations.length === 0)
        throw new Error(`${api.constant}: no operation of ${api.description} is served from ${api.baseUrl}`);
      for (const operation of operations) served.add(operation);
      return integrationFile(api, operations, context.descriptionSource(api.description));
    });
    for (const [description, operations] of operationsByDescription) {
      const orphan = operations.find((operation) => !served.has(operation));
      if (orphan)
        throw new Error(`${description}: ${orphan.method} ${orphan.describedPath} (${orphan.baseUrl}) has no client`);
    }
    return files;
  },
});

/**
 * The generated descriptor module of one integration API.
 *
 * @param {import('./integration-apis.mjs').IntegrationApiConfig} api
 * @param {import('./integration-facts.mjs').IntegrationOperation[]} operations - the operations it serves
 * @param {import('./index.mjs').DescriptionSource} source - the extract they came from
 * @returns {import('./index.mjs').GeneratedFile}
 */
export function integrationFile(api, operations, source) {
  const rows = tableRows(operations);
  const methods = METHOD_ORDER.filter((method) => operations.some((operation) => operation.method === method));
  const kinds = new Set(operations.flatMap((operation) => operation.auth));
  const authRule = kinds.size === 2 ? 'any' : kinds.has('bearer') ? 'bearer' : 'token';
  const block = (entries) => (entries.length === 0 ? '{}' : `{\n${indent(entryLines(entries))}    }`);
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

function indent(lines, by = 4) {
  const pad = ' '.repeat(by);
  return lines.replace(/^(?=.)/gm, pad);
}
