/**
 * `pagerduty api <path>`: any REST API v2 request, in the manner of `gh api`, printing
 * JSON for `jq`. With `--paginate`, every item of every page, one JSON object per line.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { AUTH_TYPES, type AuthType } from '../../core/auth.js';
import { MAX_CONCURRENCY, REGION_BASE_URLS, RestApiV2Client } from '../../core/rest/index.js';
import { fieldsToBody, fieldsToQuery, parseField, parseHeader, type JsonValue } from '../api-arguments.js';
import { readInputJson } from '../api-input.js';
import type { CliIo } from '../cli-io.js';
import { clientOptions, writeJson, type ConnectionArgs } from '../client-options.js';
import { UsageError } from '../usage-error.js';

/** The environment variable that holds the REST API key. */
export const API_KEY_ENV = 'PAGERDUTY_API_KEY';

/** The methods `-X` accepts. */
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The options of `pagerduty api`. */
export interface ApiArgs extends ConnectionArgs {
  /** The path (`/incidents`) or a full URL under the base URL. */
  readonly path: string;
  /** `-X/--method`, upper case. */
  readonly method: (typeof API_METHODS)[number];
  /** `-F/--field key=value`: typed parameters. */
  readonly field?: readonly string[];
  /** `-f/--raw-field key=value`: string parameters. */
  readonly rawField?: readonly string[];
  /** `-H/--header "Name: value"`. */
  readonly header?: readonly string[];
  /** `--input FILE`: the JSON body (`-` for standard input). */
  readonly input?: string;
  /** `--paginate`: every page, one item per line. */
  readonly paginate?: boolean;
  /** `--concurrency N`: with `--paginate`, pages read at once (classic indexes). */
  readonly concurrency?: number;
  /** `--from EMAIL`: the `From` header. */
  readonly from?: string;
  /** `--auth-type`: how the key is sent (`token`, or `oauth2`/`bearer` for an OAuth token). */
  readonly authType: AuthType;
  /** `--region`: the service region whose base URL to use when `--base-url` is absent. */
  readonly region: 'us' | 'eu';
}

/**
 * The API key from `PAGERDUTY_API_KEY`.
 *
 * @throws UsageError when it is not set
 */
export function apiKeyFrom(env: CliIo['env']): string {
  const key = env[API_KEY_ENV];
  if (!key) throw new UsageError(`no API key: set ${API_KEY_ENV}`);
  return key;
}

/**
 * Where the fields go: the query string for GET or when `--input` gives the body,
 * otherwise a JSON body (as `gh api` does).
 */
function requestParts(args: ApiArgs, input: JsonValue | undefined) {
  const fields = [
    ...(args.field ?? []).map((text) => parseField(text, true)),
    ...(args.rawField ?? []).map((text) => parseField(text, false)),
  ];
  const fieldsInBody = input === undefined && args.method !== 'GET' && fields.length > 0;
  return {
    params: fieldsInBody ? undefined : fieldsToQuery(fields),
    json: input ?? (fieldsInBody ? fieldsToBody(fields) : undefined),
    headers: Object.fromEntries((args.header ?? []).map(parseHeader)),
  };
}

/**
 * The `api` command.
 *
 * @example
 * ```sh
 * pagerduty api /incidents -F statuses=triggered -F statuses=acknowledged --paginate | jq -r .id
 * pagerduty api /incidents -X POST --from me@example.com --input incident.json
 * ```
 */
export function apiCommand(io: CliIo): CommandModule<object, ApiArgs> {
  return {
    command: 'api <path>',
    describe: `Call the REST API v2 (key from $${API_KEY_ENV}) and print the JSON response`,
    builder: (yargs: Argv) =>
      yargs
        .positional('path', { type: 'string', describe: 'The path (/incidents) or a full URL under the base URL' })
        .option('method', {
          alias: 'X',
          type: 'string',
          default: 'GET',
          choices: API_METHODS,
          coerce: (value: string) => value.toUpperCase(),
          describe: 'The HTTP method',
        })
        .option('field', {
          alias: 'F',
          type: 'string',
          array: true,
          nargs: 1,
          describe:
            'A parameter key=value; true, false, null and integers become JSON values. A repeated key, or key[]=value, makes a list. Query string for GET, JSON body otherwise (a[b]=v nests)',
        })
        .option('raw-field', { alias: 'f', type: 'string', array: true, nargs: 1, describe: 'A parameter key=value whose value stays a string' })
        .option('header', { alias: 'H', type: 'string', array: true, nargs: 1, describe: 'A request header "Name: value"' })
        .option('input', { type: 'string', nargs: 1, describe: 'A file holding the JSON request body ("-" for standard input); fields then go to the query string' })
        .option('paginate', { type: 'boolean', default: false, describe: 'Fetch every page of an index and print one JSON item per line' })
        .option('concurrency', { type: 'number', describe: 'With --paginate: pages read at once (1-16; cursor-paginated indexes stay one at a time)', defaultDescription: '1' })
        .option('from', { type: 'string', describe: 'The email of the acting user (the From header), which an account-level key needs' })
        .option('auth-type', {
          type: 'string',
          default: 'token',
          choices: AUTH_TYPES,
          describe: `How $${API_KEY_ENV} is sent: an API key (token), or an OAuth access token (oauth2 or bearer)`,
        })
        .option('region', { type: 'string', default: 'us', choices: ['us', 'eu'], describe: 'The service region (its REST API base URL)' })
        .option('base-url', { type: 'string', describe: 'The REST API base URL; wins over --region', defaultDescription: REGION_BASE_URLS.us })
        .option('debug', { type: 'boolean', default: false, describe: 'Print each request attempt to standard error' })
        .example('$0 api /users -F query=ann --paginate', '')
        .example('$0 api /incidents/PABC123 -X PUT --from me@example.com -F incident[type]=incident_reference -F incident[status]=resolved', '') as unknown as Argv<ApiArgs>,
    handler: async (args: ArgumentsCamelCase<ApiArgs>) => {
      const key = apiKeyFrom(io.env);
      if (args.paginate && args.method !== 'GET') throw new UsageError('--paginate works only with GET');
      if (args.concurrency !== undefined && !args.paginate) throw new UsageError('--concurrency works only with --paginate');
      if (args.concurrency !== undefined && !(Number.isInteger(args.concurrency) && args.concurrency >= 1 && args.concurrency <= MAX_CONCURRENCY)) {
        throw new UsageError(`--concurrency must be an integer from 1 to ${MAX_CONCURRENCY}`);
      }
      const input = args.input === undefined ? undefined : await readInputJson(args.input, io.stdin ?? process.stdin);
      const { params, json, headers } = requestParts(args, input);
      const client = new RestApiV2Client(key, {
        ...clientOptions(args, io),
        defaultFrom: args.from,
        authType: args.authType,
        region: args.region,
      });
      try {
        if (args.paginate) {
          const pages = client.iterAll(args.path, params, { concurrency: args.concurrency });
          for await (const item of pages) io.stdout.write(`${JSON.stringify(item)}\n`);
        } else {
          const body = await client.requestJson(args.method, args.path, { params, json, headers });
          if (body !== null) writeJson(io, body);
        }
      } finally {
        client.close();
      }
    },
  };
}
