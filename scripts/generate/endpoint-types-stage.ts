// Stage: the TypeScript types of every API the package has a typed client for, in
// src/generated/types/. For each API, from its facts-only extract in descriptions/:
//   <api>-openapi.ts    openapi-typescript's `paths`, `components`, `operations`
//   <api>-schemas.ts    one readable alias per schema (`User`, `Incident`, `ScimUser`, ...)
//   <api>-endpoints.ts  the lookup maps that type calls from their paths (REST-style clients)
// The canonical paths, wrappers and list keys of the endpoint maps are rest-facts' and
// integration-facts' operations: the facts the runtime tables are made of, so the types and
// the runtime agree.
import { createRequire } from 'node:module';
import { endpointMapSource } from './endpoint-map.js';
import { INTEGRATION_APIS } from './integration-apis.js';
import { deriveIntegrationOperations } from './integration-facts.js';
import { operationsOf } from './openapi-schema.js';
import { openapiTypesSource } from './openapi-types.js';
import { applySchemaOverrides } from './apply-schema-overrides.js';
import { generatedHeader } from './render-ts.js';
import { deriveRestOperations } from './rest-facts.js';
import { SCHEMA_OVERRIDES } from './schema-overrides.js';
import type { SchemaOverrideRow } from './apply-schema-overrides.js';
import { schemaExportNames, schemaNamesSource } from './schema-names.js';
import type { GeneratedFile, Stage, StageContext } from './index.js';
import type { JsonNode } from './openapi-schema.js';

const DIRECTORY = 'src/generated/types';

/**
 * How each description's types are named. The prefix goes before its schema names (none
 * for the REST API v2); `renames` are reviewed: a REST schema whose name the package
 * already exports for another thing (the Events API's `ChangeEvent`) gets another name.
 */
/** A description whose types are written: its extract, the files' base name, the names' prefix and renames. */
interface TypedDescription {
  extract: string;
  file: string;
  title: string;
  prefix: string;
  renames?: Readonly<Record<string, string>>;
}

const DESCRIPTIONS = Object.freeze<TypedDescription[]>([
  {
    extract: 'rest',
    file: 'rest-api-v2',
    title: 'REST API v2',
    prefix: '',
    renames: { ChangeEvent: 'RestChangeEvent', EventResponse: 'RestEventResponse' },
  },
  { extract: 'scim', file: 'scim-api', title: 'SCIM API', prefix: 'Scim' },
  { extract: 'events-v2', file: 'events-api-v2', title: 'Events API v2', prefix: 'EventsV2' },
  {
    extract: 'integration-jira-cloud',
    file: 'jira-cloud-integration-api',
    title: 'Jira Cloud integration API',
    prefix: 'JiraCloud',
  },
  {
    extract: 'integration-jira-service',
    file: 'jira-server-integration-api',
    title: 'Jira Server integration API',
    prefix: 'JiraServer',
  },
  {
    extract: 'integration-ms-teams-service',
    file: 'ms-teams-integration-api',
    title: 'Microsoft Teams integration API',
    prefix: 'MsTeams',
  },
  {
    extract: 'integration-slack-service',
    file: 'slack-integration-api',
    title: 'Slack integration API',
    prefix: 'Slack',
  },
]);

/** The client types' name from a descriptor constant: `JIRA_CLOUD_INTEGRATION_API` -> `JiraCloudIntegrationApi`. */
export function typesName(constant: string) {
  return constant
    .toLowerCase()
    .split('_')
    .map((word: string) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

function openapiVersion() {
  return createRequire(import.meta.url)('openapi-typescript/package.json').version;
}

/** The REST API v2 operations, a concrete path per variant (`/tags/{id}/users`), as the canonical paths have them. */
function restEndpoints(extract: JsonNode) {
  return deriveRestOperations(extract).flatMap((operation) =>
    (
      operation.variants ?? [
        { path: operation.path, responseWrapper: operation.responseWrapper, listKey: operation.listKey },
      ]
    ).map((variant) => ({
      ...operation,
      ...variant,
      describedPath: operation.path,
    })),
  );
}

/** The SCIM API's operations: its client has j-methods only, so no wrappers. */
function scimEndpoints(extract: JsonNode) {
  return operationsOf(extract).map(({ method, path }) => ({
    method,
    path,
    describedPath: path,
    requestWrapper: null,
    responseWrapper: null,
    listKey: null,
  }));
}

/** The endpoint maps of one description: one per client that serves it. */
function endpointMaps(description: TypedDescription, extract: JsonNode) {
  if (description.extract === 'rest') {
    const pathsWithoutOperations = Object.keys(extract.paths).filter(
      (path) => !operationsOf({ paths: { [path]: extract.paths[path] } }).length,
    );
    return [
      {
        name: 'RestApiV2',
        file: description.file,
        basePath: '',
        operations: restEndpoints(extract),
        pathsWithoutOperations,
      },
    ];
  }
  if (description.extract === 'scim')
    return [{ name: 'ScimApi', file: description.file, basePath: '/scim/v2', operations: scimEndpoints(extract) }];
  const operations = description.extract.startsWith('integration-') ? deriveIntegrationOperations(extract) : [];
  return INTEGRATION_APIS.filter((api) => api.description === description.extract).map((api) => ({
    name: typesName(api.constant),
    file: api.file.replace(/\.ts$/, ''),
    basePath: new URL(api.baseUrl).pathname,
    operations: operations.filter((operation) => operation.baseUrl === api.baseUrl),
  }));
}

/** The reviewed schema overrides of a description (the REST API v2's only). */
function overridesOf(description: TypedDescription): readonly SchemaOverrideRow[] {
  return description.extract === 'rest' ? SCHEMA_OVERRIDES : [];
}

/** The extract whose types are written: the description's, with its reviewed schema overrides applied. */
function typesExtract(description: TypedDescription, context: StageContext) {
  const extract = context.readDescription(description.extract);
  const rows = overridesOf(description);
  return rows.length === 0 ? extract : applySchemaOverrides(extract, rows);
}

/** The header line naming the reviewed schema overrides applied, one id a line. */
function overridesNote(description: TypedDescription) {
  const rows = overridesOf(description);
  if (rows.length === 0) return '';
  const lines = rows.map((row) => `//   ${row.id}\n`).join('');
  return `// Reviewed schema overrides applied (scripts/generate/schema-overrides.ts):\n${lines}`;
}

function fileMaker(description: TypedDescription, context: StageContext, notes = '') {
  const note = `// Types written by openapi-typescript ${openapiVersion()}: names and types only.\n${notes}`;
  const header = `${generatedHeader(context.descriptionSource(description.extract))}${note}\n`;
  return (name: string, content: string) => ({ path: `${DIRECTORY}/${name}.ts`, content: `${header}${content}` });
}

/**
 * The endpoint maps and the schema names: everything but openapi-typescript's own output
 * (synchronous, and quick).
 */
export function endpointMapFiles(context: StageContext): GeneratedFile[] {
  const files = [];
  for (const description of DESCRIPTIONS) {
    // The endpoint maps take the operations' facts from the extract itself, as the runtime tables do.
    const extract = context.readDescription(description.extract);
    const file = fileMaker(description, context);
    const openapiModule = `./${description.file}-openapi.js`;
    const names = schemaExportNames(Object.keys(extract.components?.schemas ?? {}), description);
    files.push(
      file(`${description.file}-schemas`, schemaNamesSource({ title: description.title, openapiModule, names })),
    );
    for (const map of endpointMaps(description, extract)) {
      files.push(
        file(`${map.file}-endpoints`, endpointMapSource({ ...map, title: description.title, openapiModule, extract })),
      );
    }
  }
  return files;
}

export const endpointTypesStage: Stage = Object.freeze<Stage>({
  name: 'endpoint-types',
  directories: [DIRECTORY],
  async generate(context) {
    const openapi = [];
    for (const description of DESCRIPTIONS) {
      const extract = typesExtract(description, context);
      openapi.push(
        fileMaker(
          description,
          context,
          overridesNote(description),
        )(`${description.file}-openapi`, await openapiTypesSource(extract, description.extract)),
      );
    }
    return [...openapi, ...endpointMapFiles(context)];
  },
});
