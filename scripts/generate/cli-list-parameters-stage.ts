// Stage: the query parameters the REST description declares as lists (`statuses[]`), by
// path (src/generated/cli/), so that `pagerduty api -F statuses=triggered` sends
// `statuses[]=triggered` as the description declares, for one value as for many.
import { generatedHeader, str } from './render-ts.js';
import type { Stage } from './index.js';
import type { JsonNode } from './openapi-schema.js';

const DIRECTORY = 'src/generated/cli';

/**
 * The declared list parameters of every GET operation, by path: the names without `[]`.
 *
 * @param description - the parsed REST description
 */
export function listParameters(description: JsonNode): Record<string, string[]> {
  const shared = description.components?.parameters ?? {};
  const out: Record<string, string[]> = {};
  for (const [path, item] of Object.entries<JsonNode>(description.paths)) {
    const parameters = (item.get?.parameters ?? []).map((parameter: JsonNode) =>
      parameter.$ref ? shared[parameter.$ref.split('/').pop()] : parameter,
    );
    const names = parameters
      .filter((parameter: JsonNode) => parameter?.in === 'query' && parameter.name.endsWith('[]'))
      .map((parameter: JsonNode) => parameter.name.slice(0, -2));
    if (names.length > 0) out[path] = [...new Set<string>(names)].sort();
  }
  return out;
}

export const cliListParametersStage: Stage = {
  name: 'cli-list-parameters',
  directories: [DIRECTORY],
  generate(context) {
    const table = listParameters(context.readDescription('rest'));
    const rows = Object.keys(table)
      .sort()
      .map((path) => `  ${str(path)}: [${table[path].map(str).join(', ')}],`);
    const content = [
      generatedHeader(context.descriptionSource('rest')),
      '/**',
      ' * The query parameters the REST API v2 description declares as lists (`name[]`), by the',
      ' * path of their GET operation: `pagerduty api` sends them with `[]` for one value as for many.',
      ' *',
      ' * @module',
      ' */',
      '',
      '/** The declared list parameters (names without `[]`), by canonical path. */',
      'export const LIST_QUERY_PARAMETERS: Readonly<Record<string, readonly string[]>> = Object.freeze({',
      ...rows,
      '});',
      '',
    ].join('\n');
    return [{ path: `${DIRECTORY}/list-parameters.ts`, content }];
  },
};
