// Stage: the REST API v2 tables (src/generated/rest-tables/) from descriptions/rest.json.
import { HISTORY_RANGE_OVERRIDES } from './history-range-overrides.js';
import { packIndexes, packPaths, packWrappers } from './packed-tables.js';
import { entryLines, generatedHeader, itemLines, literal, str } from './render-ts.js';
import { deriveRestOperations } from './rest-facts.js';
import { declaredQueryStyles, earlyAccessHeaders, historyMaxRanges } from './request-facts.js';
import { tableRows } from './table-rows.js';
import type { DescriptionSource, GeneratedFile, Stage } from './index.js';
import type { JsonNode } from './openapi-schema.js';
import type { TableRows } from './table-rows.js';

const DIRECTORY = 'src/generated/rest-tables';

export const restTablesStage: Stage = Object.freeze<Stage>({
  name: 'rest-tables',
  directories: [DIRECTORY],
  generate(context) {
    const extract = context.readDescription('rest');
    const operations = deriveRestOperations(extract);
    const withoutOperations = Object.entries<JsonNode>(extract.paths)
      .filter(([, item]) => !['get', 'post', 'put', 'patch', 'delete'].some((method) => item[method]))
      .map(([path]) => path);
    const source = context.descriptionSource('rest');
    return [
      ...restTableFiles(tableRows(operations, withoutOperations), source),
      ...requestFactFiles(
        {
          historyRanges: historyMaxRanges(extract, operations, HISTORY_RANGE_OVERRIDES),
          headers: earlyAccessHeaders(extract),
          queryStyles: declaredQueryStyles(extract),
        },
        source,
      ),
    ];
  },
});

/**
 * The generated modules of what a request must carry: the longest history range of each
 * historical index, the early-access headers, the declared query styles.
 *
 * @param
 *   historyRanges: Record<string, { days: number, source: string }>,
 *   headers: Record<string, Record<string, string>>,
 *   queryStyles: Record<string, Record<string, object>>,
 * }} facts
 */
export function requestFactFiles(
  facts: {
    historyRanges: Record<string, { days: number; source: string }>;
    headers: Record<string, Record<string, string>>;
    queryStyles: Record<string, Record<string, object>>;
  },
  source: DescriptionSource,
): GeneratedFile[] {
  const header = generatedHeader(source);
  const file = (name: string, content: string) => ({ path: `${DIRECTORY}/${name}`, content: `${header}\n${content}` });
  const rangeLines = Object.entries(facts.historyRanges)
    .map(([path, range]) => `  // ${range.source}\n  ${str(path)}: ${literal(range.days)},\n`)
    .join('');
  return [
    file(
      'history-max-ranges.ts',
      `/**
 * The longest since/until range each historical index of the REST API v2 accepts.
 *
 * @module
 */
import type { CanonicalPath } from '../../core/rest/endpoints/tables.js';

/**
 * The longest range, in days, between \`since\` and \`until\` of the historical indexes that
 * limit it, keyed by canonical path. The description states these limits only in the text
 * of a parameter; each entry names that operation and parameter, and the reviewed row of
 * scripts/generate/history-range-overrides.ts says how it became days. \`iterHistory\` splits
 * a longer range into windows of at most this length before it splits by count.
 */
export const HISTORY_MAX_RANGE_DAYS: Readonly<Record<CanonicalPath, number>> = Object.freeze({
${rangeLines}});
`,
    ),
    file(
      'early-access-headers.ts',
      `/**
 * The headers the REST API v2 requires on its early-access operations.
 *
 * @module
 */

/**
 * The \`X-EARLY-ACCESS\` header each early-access operation declares (with its declared value),
 * keyed by \`'<METHOD> <canonical path>'\`. The client sends it on those operations unless the
 * caller sets a header of that name.
 */
export const EARLY_ACCESS_HEADERS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.freeze({
${entryLines(Object.entries(facts.headers))}});
`,
    ),
    file(
      'query-styles.ts',
      `/**
 * The REST API v2 query parameters that are not sent as \`name[]\`.
 *
 * @module
 */
import type { QueryStyle } from '../../core/rest/endpoints/tables.js';

/**
 * Query parameters declared with a name or style the \`name[]\` convention would get wrong,
 * keyed by \`'<METHOD> <canonical path>'\` then by the declared name: \`explode: false\` joins a
 * list with commas (\`sort_by=created_at:desc,urgency\`), \`explode: true\` repeats the
 * declared name (\`ids=A&ids=B\`).
 */
export const QUERY_STYLES: Readonly<Record<string, Readonly<Record<string, QueryStyle>>>> = Object.freeze({
${entryLines(Object.entries(facts.queryStyles))}});
`,
    ),
  ];
}

/**
 * The generated modules for a set of table rows.
 *
 * @param source - the extract they came from
 */
export function restTableFiles(rows: TableRows, source: DescriptionSource): GeneratedFile[] {
  const header = generatedHeader(source);
  const file = (name: string, content: string) => ({ path: `${DIRECTORY}/${name}`, content: `${header}\n${content}` });
  return [
    file(
      'canonical-paths.ts',
      `/**
 * Every canonical path of the REST API v2 that \`RestApiV2Client\` knows.
 *
 * @module
 */
import { lazy, unpackPaths } from '../../core/rest/endpoints/tables.js';

/**
 * The canonical paths of the REST API v2 (\`CANONICAL_PATHS\` of \`pagerduty-client/tables\`), packed a path a line
 * (see \`unpackPaths\`) and unpacked at the first call.
 */
export const canonicalPaths = /* @__PURE__ */ lazy(() =>
  unpackPaths(\`
${packedLines(packPaths(rows.canonicalPaths))}\`),
);
`,
    ),
    file(
      'entity-wrapper-config.ts',
      `/**
 * The REST API v2 endpoints whose entity wrappers differ from the classic convention.
 *
 * @module
 */
import { lazy, unpackWrappers } from '../../core/rest/endpoints/tables.js';
import { canonicalPaths } from './canonical-paths.js';

/**
 * The exceptions to the entity-wrapper convention (\`ENTITY_WRAPPER_CONFIG\` of \`pagerduty-client/tables\`), packed
 * an endpoint a line, its path a number in the canonical paths (see \`unpackWrappers\`), and unpacked at the first
 * call.
 */
export const entityWrapperConfig = /* @__PURE__ */ lazy(() =>
  unpackWrappers(
    \`
${packedLines(packWrappers(rows.wrapperConfig, rows.canonicalPaths))}\`,
    canonicalPaths(),
  ),
);
`,
    ),
    file(
      'cursor-based-pagination-paths.ts',
      `/**
 * The REST API v2 paths that use cursor-based pagination.
 *
 * @module
 */
import type { CanonicalPath } from '../../core/rest/endpoints/tables.js';

/**
 * The canonical paths whose index uses cursor-based pagination (\`cursor\` in the query,
 * \`next_cursor\` in the response) instead of \`limit\`/\`offset\`, including the indexes that
 * answer \`next_cursor\` without declaring a \`cursor\` parameter. \`iterAll\` switches to
 * \`iterCursor\` on these.
 */
export const CURSOR_BASED_PAGINATION_PATHS: readonly CanonicalPath[] = Object.freeze([
${itemLines(rows.cursorPaths)}]);
`,
    ),
    file(
      'historical-record-paths.ts',
      `/**
 * The REST API v2 paths of historical records (they accept \`since\` and \`until\`).
 *
 * @module
 */
import type { CanonicalPath } from '../../core/rest/endpoints/tables.js';

/**
 * The canonical paths of index endpoints that hold historical records and accept the
 * \`since\` and \`until\` parameters (paged by cursor, or classically with \`total\`): the only
 * ones \`iterHistory\` works on.
 */
export const HISTORICAL_RECORD_PATHS: readonly CanonicalPath[] = Object.freeze([
${itemLines(rows.historicalPaths)}]);
`,
    ),
    file(
      'specialised-iterators.ts',
      `/**
 * The REST API v2 endpoints that page in their own style and have their own iterator.
 *
 * @module
 */
import type { CanonicalPath } from '../../core/rest/endpoints/tables.js';

/**
 * Index paths whose pagination is neither classic nor cursor-based, mapped to the
 * \`RestApiV2Client\` method that pages through them. \`iterAll\`, \`iterCursor\` and
 * \`iterHistory\` refuse these paths with a \`UrlError\` that names the method.
 */
export const SPECIALISED_ITERATORS: Readonly<Record<CanonicalPath, string>> = Object.freeze({
${entryLines(rows.specialisedIterators)}});
`,
    ),
    file(
      'index-pagination.ts',
      `/**
 * How each index of the REST API v2 pages.
 *
 * @module
 */
import { lazy, unpackIndexes } from '../../core/rest/endpoints/tables.js';
import { canonicalPaths } from './canonical-paths.js';

/**
 * How each index pages (\`INDEX_PAGINATION\` of \`pagerduty-client/tables\`), packed an index a line, its path a
 * number in the canonical paths (see \`unpackIndexes\`), and unpacked at the first call.
 */
export const indexPagination = /* @__PURE__ */ lazy(() =>
  unpackIndexes(
    \`
${packedLines(packIndexes(rows.indexes, rows.canonicalPaths))}\`,
    canonicalPaths(),
  ),
);
`,
    ),
    file(
      'rest-api-v2-tables.ts',
      `/**
 * The REST API v2 tables bundled in the shape a REST client takes.
 *
 * @module
 */
import { lazy } from '../../core/rest/endpoints/tables.js';
import type { RestApiTables } from '../../core/rest/endpoints/tables.js';
import { canonicalPaths } from './canonical-paths.js';
import { CURSOR_BASED_PAGINATION_PATHS } from './cursor-based-pagination-paths.js';
import { EARLY_ACCESS_HEADERS } from './early-access-headers.js';
import { entityWrapperConfig } from './entity-wrapper-config.js';
import { HISTORICAL_RECORD_PATHS } from './historical-record-paths.js';
import { HISTORY_MAX_RANGE_DAYS } from './history-max-ranges.js';
import { indexPagination } from './index-pagination.js';
import { QUERY_STYLES } from './query-styles.js';
import { SPECIALISED_ITERATORS } from './specialised-iterators.js';

/**
 * The tables of the REST API v2, as \`RestApiV2Client\` passes them to its base class: the packed ones are
 * unpacked at the first call (the first client), not when the library is imported.
 */
export const restApiV2Tables = /* @__PURE__ */ lazy(
  (): RestApiTables =>
    Object.freeze({
      canonicalPaths: canonicalPaths(),
      cursorPaths: CURSOR_BASED_PAGINATION_PATHS,
      wrapperConfig: entityWrapperConfig(),
      historicalPaths: HISTORICAL_RECORD_PATHS,
      specialisedIterators: SPECIALISED_ITERATORS,
      indexes: indexPagination(),
      historyMaxRangeDays: HISTORY_MAX_RANGE_DAYS,
      declaredHeaders: EARLY_ACCESS_HEADERS,
      queryStyles: QUERY_STYLES,
    }),
);
`,
    ),
  ];
}

/**
 * Packed rows as the lines of a template literal.
 */
function packedLines(lines: readonly string[]): string {
  const unsafe = lines.find((line) => /[`\\\n]|\$\{/.test(line));
  if (unsafe !== undefined) throw new Error(`packed REST table row cannot be a template literal line: ${unsafe}`);
  return lines.map((line) => `${line}\n`).join('');
}
