// Stage: the REST API v2 tables (src/generated/rest-tables/) from descriptions/rest.json.
import { HISTORY_RANGE_OVERRIDES } from './history-range-overrides.mjs';
import { packIndexes, packPaths, packWrappers } from './packed-tables.mjs';
import { entryLines, generatedHeader, itemLines, literal, str } from './render-ts.mjs';
import { deriveRestOperations } from './rest-facts.mjs';
import { declaredQueryStyles, earlyAccessHeaders, historyMaxRanges } from './request-facts.mjs';
import { tableRows } from './table-rows.mjs';

const DIRECTORY = 'src/generated/rest-tables';

/** @type {import('./index.mjs').Stage} */
export const restTablesStage = Object.freeze({
  name: 'rest-tables',
  directories: [DIRECTORY],
  generate(context) {
    const extract = context.readDescription('rest');
    const operations = deriveRestOperations(extract);
    const withoutOperations = Object.entries(extract.paths)
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
 * @param {{
 *   historyRanges: Record<string, { days: number, source: string }>,
 *   headers: Record<string, Record<string, string>>,
 *   queryStyles: Record<string, Record<string, object>>,
 * }} facts
 * @param {import('./index.mjs').DescriptionSource} source
 * @returns {import('./index.mjs').GeneratedFile[]}
 */
export function requestFactFiles(facts, source) {
  const header = generatedHeader(source);
  const file = (name, content) => ({ path: `${DIRECTORY}/${name}`, content: `${header}\n${content}` });
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
import type { CanonicalPath } from '../../core/rest/endpoints/table-types.js';

/**
 * The longest range, in days, between \`since\` and \`until\` of the historical indexes that
 * limit it, keyed by canonical path. The description states these limits only in the text
 * of a parameter; each entry names that operation and parameter, and the reviewed row of
 * scripts/generate/history-range-overrides.mjs says how it became days. \`iterHistory\` splits
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
import type { QueryStyle } from '../../core/rest/endpoints/table-types.js';

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
 * @param {import('./table-rows.mjs').TableRows} rows
 * @param {import('./index.mjs').DescriptionSource} source - the extract they came from
 * @returns {import('./index.mjs').GeneratedFile[]}
 */
export function restTableFiles(rows, source) {
  const header = generatedHeader(source);
  const file = (name, content) => ({ path: `${DIRECTORY}/${name}`, content: `${header}\n${content}` });
  return [
    file(
      'canonical-paths.ts',
      `/**
 * Every canonical path of the REST API v2 that \`RestApiV2Client\` knows.
 *
 * @module
 */
import { unpackPaths } from '../../core/rest/endpoints/packed-tables.js';
import type { CanonicalPath } from '../../core/rest/endpoints/table-types.js';

/**
 * The canonical paths of the REST API v2: every path of the official description, with
 * \`{placeholders}\` for identifiers (\`/tags/{id}/{entity_type}\` appears as its three concrete
 * paths, one per list it answers). A URL must match one of them for the r-methods and the
 * iterators to work on it (see \`canonicalPath\`). Packed a path a line (see \`unpackPaths\`).
 */
export const CANONICAL_PATHS: readonly CanonicalPath[] = /* @__PURE__ */ unpackPaths(\`
${packedLines(packPaths(rows.canonicalPaths))}\`);
`,
    ),
    file(
      'entity-wrapper-config.ts',
      `/**
 * The REST API v2 endpoints whose entity wrappers differ from the classic convention.
 *
 * @module
 */
import { unpackWrappers } from '../../core/rest/endpoints/packed-tables.js';
import type { EntityWrapperConfig } from '../../core/rest/endpoints/table-types.js';
import { CANONICAL_PATHS } from './canonical-paths.js';

/**
 * Exceptions to the entity-wrapper convention, keyed by \`'<METHOD> <canonical path>'\`: the
 * endpoints (and only those) where the convention's inference disagrees with the official
 * description's schemas. A value is the wrapper of both bodies, \`null\` for no wrapping (such
 * an endpoint cannot be paginated), or \`[requestWrapper, responseWrapper]\`. Keys match a
 * canonical path whatever its placeholders are named. Packed an endpoint a line, its path a
 * number in \`CANONICAL_PATHS\` (see \`unpackWrappers\`).
 */
export const ENTITY_WRAPPER_CONFIG: EntityWrapperConfig = /* @__PURE__ */ unpackWrappers(
  \`
${packedLines(packWrappers(rows.wrapperConfig, rows.canonicalPaths))}\`,
  CANONICAL_PATHS,
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
import type { CanonicalPath } from '../../core/rest/endpoints/table-types.js';

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
import type { CanonicalPath } from '../../core/rest/endpoints/table-types.js';

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
import type { CanonicalPath } from '../../core/rest/endpoints/table-types.js';

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
import { unpackIndexes } from '../../core/rest/endpoints/packed-tables.js';
import type { CanonicalPath, IndexPagination } from '../../core/rest/endpoints/table-types.js';
import { CANONICAL_PATHS } from './canonical-paths.js';

/**
 * Every index of the REST API v2 (a GET whose answer holds a list), keyed by canonical path:
 * its pagination style, the key of its list, the largest \`limit\` it accepts, whether its
 * answer declares \`more\`, and whether it takes a \`limit\`. The iterators follow it. Packed an
 * index a line, its path a number in \`CANONICAL_PATHS\` (see \`unpackIndexes\`).
 */
export const INDEX_PAGINATION: Readonly<Record<CanonicalPath, IndexPagination>> = /* @__PURE__ */ unpackIndexes(
  \`
${packedLines(packIndexes(rows.indexes, rows.canonicalPaths))}\`,
  CANONICAL_PATHS,
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
import type { RestApiTables } from '../../core/rest/endpoints/table-types.js';
import { CANONICAL_PATHS } from './canonical-paths.js';
import { CURSOR_BASED_PAGINATION_PATHS } from './cursor-based-pagination-paths.js';
import { EARLY_ACCESS_HEADERS } from './early-access-headers.js';
import { ENTITY_WRAPPER_CONFIG } from './entity-wrapper-config.js';
import { HISTORICAL_RECORD_PATHS } from './historical-record-paths.js';
import { HISTORY_MAX_RANGE_DAYS } from './history-max-ranges.js';
import { INDEX_PAGINATION } from './index-pagination.js';
import { QUERY_STYLES } from './query-styles.js';
import { SPECIALISED_ITERATORS } from './specialised-iterators.js';

/** The tables of the REST API v2, as \`RestApiV2Client\` passes them to its base class. */
export const REST_API_V2_TABLES: RestApiTables = Object.freeze({
  canonicalPaths: CANONICAL_PATHS,
  cursorPaths: CURSOR_BASED_PAGINATION_PATHS,
  wrapperConfig: ENTITY_WRAPPER_CONFIG,
  historicalPaths: HISTORICAL_RECORD_PATHS,
  specialisedIterators: SPECIALISED_ITERATORS,
  indexes: INDEX_PAGINATION,
  historyMaxRangeDays: HISTORY_MAX_RANGE_DAYS,
  declaredHeaders: EARLY_ACCESS_HEADERS,
  queryStyles: QUERY_STYLES,
});
`,
    ),
  ];
}

/**
 * Packed rows as the lines of a template literal.
 *
 * @param {readonly string[]} lines
 * @returns {string}
 */
function packedLines(lines) {
  const unsafe = lines.find((line) => /[`\\\n]|\$\{/.test(line));
  if (unsafe !== undefined) throw new Error(`packed REST table row cannot be a template literal line: ${unsafe}`);
  return lines.map((line) => `${line}\n`).join('');
}
