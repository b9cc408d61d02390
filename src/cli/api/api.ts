/**
 * `pagerduty api <path>`: any REST API v2 request, in the manner of `gh api`, printing
 * JSON for `jq`. With `--paginate`, every item of every page, one JSON object per line
 * (`--limit N`: the first N). `--jq EXPR` filters with jq itself. The client's module is
 * loaded only when the command runs.
 *
 * @module
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { AUTH_TYPES, type AuthType } from '../../core/auth/auth-methods.js';
import { HttpError, UrlError } from '../../core/errors/error-classes.js';
import type { RequestOptions } from '../../core/client/client-options.js';
import { silentLogger } from '../../core/logging.js';
import type { RestApiV2Client } from '../../core/rest/rest-api-v2-client.js';
import {
  fieldFile,
  fieldsToBody,
  fieldsToQuery,
  parseField,
  parseHeader,
  type FieldAssignment,
  type JsonValue,
} from './api-arguments.js';
import { readFieldFile, readInputJson } from './api-input.js';
import { LIST_QUERY_PARAMETERS } from '../../generated/cli/list-parameters.js';
import { MAX_CONCURRENCY } from '../../core/rest/pagination/limits.js';
import type { CliIo } from '../cli-io.js';
import { COMMANDS } from '../program.js';
import { clientOptions, writeJson } from '../common/cli-client-options.js';
import { paginateTerms } from './command-line-terms.js';
import { restBaseUrl, type ConnectionArgs } from '../common/connection.js';
import { withConnectionOptions } from '../common/connection-options.js';
import { apiCredential, keyToSend } from '../common/api-credential.js';
import { pageSizeFor, printItems } from './api-pages.js';
import { compileJq, type JqRunner } from './jq-filter.js';
import { loadSelectedProfile } from '../profiles/selected-profile.js';
import { API_KEY_ENV, envDefault, FROM_ENV, fromEnv, REDIS_URL_ENV } from '../environment.js';
import { redisUrlFrom, sharedRateLimiter } from './shared-rate-limit.js';
import { responseHead } from './response-head.js';
import { UsageError } from '../common/usage-error.js';

export { API_KEY_ENV } from '../environment.js';

/** The methods `-X` accepts. */
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The options of `pagerduty api`. */
export interface ApiArgs extends ConnectionArgs {
  /** The path (`/incidents`) or a full URL under the base URL. */
  readonly path: string;
  /** `-X/--method`, upper case. */
  readonly method: (typeof API_METHODS)[number];
  /** `-F/--field key=value`: typed parameters; `key=@file` reads the value from a file. */
  readonly field?: readonly string[];
  /** `-f/--raw-field key=value`: string parameters. */
  readonly rawField?: readonly string[];
  /** `-H/--header "Name: value"`. */
  readonly header?: readonly string[];
  /** `--input FILE`: the JSON body (`-` for standard input). */
  readonly input?: string;
  /** `--paginate`: every page, one item per line. */
  readonly paginate?: boolean;
  /** `--include`: print the status line and headers before the body. */
  readonly include?: boolean;
  /** `--silent`: do not print the response body. */
  readonly silent?: boolean;
  /** `--concurrency N`: with `--paginate`, pages read at once (classic indexes). */
  readonly concurrency?: number;
  /** `--from EMAIL`: the `From` header; `PAGERDUTY_FROM` when absent. */
  readonly from?: string;
  /** `--auth-type`: how the key is sent (`token`, or `oauth2`/`bearer` for an OAuth token). */
  readonly authType: AuthType;
  /** `--limit N`: with `--paginate`, stop after N items. */
  readonly limit?: number;
  /** `--jq EXPR`: print what jq makes of the body (with `--paginate`: of each item). */
  readonly jq?: string;
  /** `--redis-url`: share the key's rate limit through this Redis; `PAGERDUTY_REDIS_URL` when absent. */
  readonly redisUrl?: string;
}

/** Refuses combinations that cannot work, before anything is read or sent. */
function checkCombination(args: ApiArgs): void {
  if (args.paginate && args.method !== 'GET') throw new UsageError('--paginate works only with GET');
  if (args.paginate && args.include) throw new UsageError('--include cannot be combined with --paginate');
  if (args.concurrency !== undefined && !args.paginate)
    throw new UsageError('--concurrency works only with --paginate');
  if (args.limit !== undefined && !args.paginate) throw new UsageError('--limit works only with --paginate');
  if (args.limit !== undefined && !(Number.isSafeInteger(args.limit) && args.limit >= 1))
    throw new UsageError('--limit must be a positive integer');
  if (args.jq !== undefined && args.include) throw new UsageError('--jq cannot be combined with --include');
  if (
    args.concurrency !== undefined &&
    !(Number.isInteger(args.concurrency) && args.concurrency >= 1 && args.concurrency <= MAX_CONCURRENCY)
  ) {
    throw new UsageError(`--concurrency must be an integer from 1 to ${MAX_CONCURRENCY}`);
  }
  const fromStdin = [
    ...(args.field ?? []).filter((text) => fieldFile(text)?.file === '-'),
    ...(args.input === '-' ? ['--input -'] : []),
  ];
  if (fromStdin.length > 1)
    throw new UsageError(`standard input can be read once, not for each of ${fromStdin.join(', ')}`);
}

/** The fields in order of the command line's flags: `-F` (files read) then `-f`. */
async function readFields(args: ApiArgs, io: CliIo): Promise<FieldAssignment[]> {
  const typed: FieldAssignment[] = [];
  for (const text of args.field ?? []) {
    const file = fieldFile(text);
    typed.push(
      file
        ? { key: file.key, value: await readFieldFile(file.file, () => io.stdin ?? process.stdin) }
        : parseField(text, true),
    );
  }
  return [...typed, ...(args.rawField ?? []).map((text) => parseField(text, false))];
}

/**
 * Where the fields go: the query string for GET or when `--input` gives the body,
 * otherwise a JSON body (as `gh api` does). Unlike `gh api`, fields never turn a GET
 * into a POST: the method is `-X`'s.
 */
function requestOptions(
  args: ApiArgs,
  fields: readonly FieldAssignment[],
  input: JsonValue | undefined,
  lists: ReadonlySet<string>,
): RequestOptions {
  const fieldsInBody = input === undefined && args.method !== 'GET' && fields.length > 0;
  return {
    params: fieldsInBody ? undefined : fieldsToQuery(fields, lists),
    json: input ?? (fieldsInBody ? fieldsToBody(fields) : undefined),
    headers: Object.fromEntries((args.header ?? []).map(parseHeader)),
  };
}

/**
 * The query parameters the description declares as lists on the path's GET operation
 * (none for a path it does not describe).
 */
export function declaredLists(client: Pick<RestApiV2Client, 'canonicalPath'>, path: string): ReadonlySet<string> {
  try {
    return new Set(LIST_QUERY_PARAMETERS[client.canonicalPath(path)] ?? []);
  } catch {
    return new Set();
  }
}

/**
 * Sends one request and prints its head (`--include`) and JSON body (unless `--silent`),
 * or what `jq` makes of the body.
 */
async function printResponse(
  client: RestApiV2Client,
  args: ApiArgs,
  request: RequestOptions,
  io: CliIo,
  jq: JqRunner | undefined,
): Promise<void> {
  let text: string;
  try {
    const exchange = await client.requestText(args.method, args.path, request);
    if (args.include) io.stdout.write(responseHead(exchange.response));
    text = exchange.text;
  } catch (error) {
    // With --include the failed exchange is shown whole on stdout; stderr gets the reason.
    if (args.include && error instanceof HttpError) {
      io.stdout.write(responseHead(error.response));
      if (!args.silent && error.body) io.stdout.write(error.body.endsWith('\n') ? error.body : `${error.body}\n`);
    }
    throw error;
  }
  if (args.silent || text.trim() === '') return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    if (jq) throw new Error('--jq: the response body is not JSON');
    io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    return;
  }
  if (jq) for (const line of jq([JSON.stringify(body)])) io.stdout.write(`${line}\n`);
  else writeJson(io, body);
}

/**
 * The `api` command.
 *
 * @example
 * ```sh
 * pagerduty api /incidents -F statuses=triggered -F statuses=acknowledged --paginate --jq .id
 * pagerduty api /users --paginate --limit 5 --jq .email
 * pagerduty api /incidents -X POST --from me@example.com --input incident.json
 * pagerduty api /incidents/PABC123/notes -X POST -F 'note[content]=@notes.txt' --include
 * ```
 */
export function apiCommand(io: CliIo): CommandModule<object, ApiArgs> {
  return {
    command: COMMANDS.api.usage,
    describe: COMMANDS.api.describe,
    builder: (yargs: Argv) =>
      withConnectionOptions(yargs, 'rest')
        .positional('path', { type: 'string', describe: 'The path (/incidents) or a full URL under the base URL' })
        .option('method', {
          alias: 'X',
          type: 'string',
          default: 'GET',
          choices: API_METHODS,
          coerce: (value: string) => value.toUpperCase(),
          describe: 'The HTTP method (unlike gh api, fields never change it)',
        })
        .option('field', {
          alias: 'F',
          type: 'string',
          array: true,
          nargs: 1,
          describe:
            'A parameter key=value; true, false, null and integers become JSON values, ' +
            'key=@file reads the value from a file (@- from standard input). ' +
            'A repeated key, or key[]=value, makes a list. ' +
            'For GET the query string (a[]=v lists), otherwise the JSON body (a[b]=v nests)',
        })
        .option('raw-field', {
          alias: 'f',
          type: 'string',
          array: true,
          nargs: 1,
          describe: 'A parameter key=value whose value stays a string (never read from a file)',
        })
        .option('header', {
          alias: 'H',
          type: 'string',
          array: true,
          nargs: 1,
          describe: 'A request header "Name: value"',
        })
        .option('input', {
          type: 'string',
          nargs: 1,
          describe: 'A file holding the JSON request body ("-" for standard input); fields then go to the query string',
        })
        .option('paginate', {
          type: 'boolean',
          default: false,
          describe: 'Fetch every page of an index and print one JSON item per line',
        })
        .option('include', {
          type: 'boolean',
          default: false,
          describe: 'Print the status line and response headers (x-request-id, rate limits) before the body',
        })
        .option('silent', { type: 'boolean', default: false, describe: 'Do not print the response body' })
        .option('limit', {
          type: 'number',
          describe: 'With --paginate: stop after this many items (the reads in flight are cancelled)',
          defaultDescription: 'every item',
        })
        .option('jq', {
          type: 'string',
          describe:
            'Filter with jq (built in, no jq needed): the body, or with --paginate each item; ' +
            'strings print as text, other values as one line of JSON',
        })
        .option('concurrency', {
          type: 'number',
          describe: 'With --paginate: pages read at once (1-16; cursor-paginated indexes stay one at a time)',
          defaultDescription: '1',
        })
        .option('from', {
          type: 'string',
          describe: 'The email of the acting user (the From header), which an account-level key needs for writes',
          defaultDescription: envDefault(FROM_ENV, "the profile's"),
        })
        .option('auth-type', {
          type: 'string',
          default: 'token',
          choices: AUTH_TYPES,
          describe: `How $${API_KEY_ENV} is sent: an API key (token), or an OAuth access token (oauth2 or bearer)`,
        })
        .option('redis-url', {
          type: 'string',
          describe:
            "Share the key's rate limit with every run that uses this Redis " +
            '(redis://host:port; needs the package ioredis)',
          defaultDescription: envDefault(REDIS_URL_ENV),
        })
        .example('$0 api /users -F query=ann --paginate --limit 10 --jq .email', '')
        .example('$0 api /abilities --include --silent', '')
        .example(
          '$0 api /incidents/PABC123 -X PUT --from me@example.com ' +
            "-F 'incident[type]=incident_reference' -F 'incident[status]=resolved'",
          '',
        ) as unknown as Argv<ApiArgs>,
    handler: async (args: ArgumentsCamelCase<ApiArgs>) => {
      checkCombination(args);
      const selected = await loadSelectedProfile(args, io);
      const credential = apiCredential(io.env, args.authType, selected && { ...selected.profile, name: selected.name });
      const jq = args.jq === undefined ? undefined : await compileJq(args.jq);
      const input =
        args.input === undefined ? undefined : await readInputJson(args.input, () => io.stdin ?? process.stdin);
      const fields = await readFields(args, io);
      const redisUrl = redisUrlFrom(args, io.env);
      const { RestApiV2Client: Client } = await import('../../core/rest/rest-api-v2-client.js');
      const options = clientOptions({ ...args, baseUrl: restBaseUrl(args, io.env, selected?.profile) }, io);
      const rateLimiter = await sharedRateLimiter(redisUrl, options.logger ?? silentLogger);
      let client: RestApiV2Client;
      const key = await keyToSend(credential, selected, args, io);
      try {
        client = new Client(key, {
          ...options,
          ...(rateLimiter ? { rateLimiter } : {}),
          defaultFrom: args.from ?? fromEnv(io.env, FROM_ENV) ?? selected?.profile.from,
          authType: credential.authType,
        });
      } catch (error) {
        // An open Redis connection would keep the program from exiting.
        await rateLimiter?.close?.();
        throw error;
      }
      try {
        const request = requestOptions(args, fields, input, declaredLists(client, args.path));
        if (args.paginate) {
          const items = client.iterAll(args.path, request.params, {
            concurrency: args.concurrency,
            ...(args.limit === undefined ? {} : { pageSize: pageSizeFor(args.limit) }),
          });
          await printItems(items, { limit: args.limit, jq, silent: args.silent }, (line) => io.stdout.write(line));
        } else {
          await printResponse(client, args, request, io, jq);
        }
      } catch (error) {
        if (error instanceof UrlError) throw new UsageError(paginateTerms(error.message));
        throw error;
      } finally {
        client.close();
        await rateLimiter?.close?.();
      }
    },
  };
}
