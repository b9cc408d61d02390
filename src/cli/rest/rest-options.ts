/**
 * The options every REST command (`incident`, `oncall`, `schedule`, `service`, `user`,
 * `team`, `ep`) takes, in one place: where and as whom it calls (`--profile`, `--region`,
 * `--base-url`, `--from`, `--auth-type`, `--debug`), and how reads print (`--output`,
 * `--columns`, `--paginate`, `--limit`, as `pagerduty api` has them).
 *
 * @module
 */
import type { Argv } from 'yargs';
import { AUTH_TYPES, type AuthType } from '../../core/auth/auth-methods.js';
import type { ConnectionArgs } from '../common/connection.js';
import { withConnectionOptions } from '../common/connection-options.js';
import { UsageError } from '../common/usage-error.js';
import { API_KEY_ENV, envDefault, FROM_ENV } from '../environment.js';
import { OUTPUT_FORMATS, type OutputFormat } from './output.js';

/** Where and as whom a REST command calls. */
export interface RestArgs extends ConnectionArgs {
  /** `--from EMAIL`: the acting user an account-level key needs for writes (and `--me`). */
  readonly from?: string;
  /** `--auth-type`: how `PAGERDUTY_API_KEY` is sent. */
  readonly authType: AuthType;
}

/** How a read prints. */
export interface OutputArgs {
  /** `--output/-o`. */
  readonly output: OutputFormat;
  /** `--columns`: dot paths, comma-separated or repeated. */
  readonly columns?: readonly string[];
}

/** How far a list reads. */
export interface PagingArgs {
  /** `--paginate` (the default): every page; `--no-paginate`: the first page only. */
  readonly paginate: boolean;
  /** `--limit N`: the first N items. */
  readonly limit?: number;
}

/** Adds the connection options, `--from` and `--auth-type`. */
export function withRestOptions<T>(yargs: Argv<T>): Argv<T> {
  return withConnectionOptions(yargs, 'rest')
    .option('from', {
      type: 'string',
      describe: 'The email of the acting user (the From header): an account-level key needs it for writes and --me',
      defaultDescription: envDefault(FROM_ENV, "the profile's"),
    })
    .option('auth-type', {
      type: 'string',
      default: 'token',
      choices: AUTH_TYPES,
      describe: `How $${API_KEY_ENV} is sent: an API key (token), or an OAuth access token (oauth2 or bearer)`,
    });
}

/** Adds `--output` and `--columns`. */
export function withOutputOptions<T>(yargs: Argv<T>, defaultColumns: readonly string[]): Argv<T> {
  return yargs
    .option('output', {
      alias: 'o',
      type: 'string',
      choices: OUTPUT_FORMATS,
      default: 'table',
      describe: 'How to print: a table, JSON, JSON lines (one item a line) or CSV (with a header)',
    })
    .option('columns', {
      type: 'string',
      array: true,
      nargs: 1,
      describe: 'The columns, as dot paths into each item (service.summary), comma-separated',
      defaultDescription: defaultColumns.join(','),
    });
}

/** Adds `--output`, `--columns`, `--paginate` and `--limit`. */
export function withListOptions<T>(yargs: Argv<T>, defaultColumns: readonly string[]): Argv<T> {
  return withOutputOptions(yargs, defaultColumns)
    .option('paginate', {
      type: 'boolean',
      default: true,
      describe: 'Read every page (--no-paginate: the first page only)',
    })
    .option('limit', {
      type: 'number',
      describe: 'Stop after this many items (the reads in flight are cancelled)',
      defaultDescription: 'every item',
    });
}

/**
 * How many items to read: `--limit`, else everything (`--no-paginate`: one page).
 *
 * @throws UsageError for a limit that is not a positive integer
 */
export function itemLimit(args: PagingArgs, pageSize: number): number | undefined {
  if (args.limit !== undefined && !(Number.isSafeInteger(args.limit) && args.limit >= 1))
    throw new UsageError('--limit must be a positive integer');
  if (!args.paginate) return Math.min(args.limit ?? pageSize, pageSize);
  return args.limit;
}

/** Splits comma-separated and repeated values (`--status triggered,acknowledged --status resolved`). */
export function listValues(values: readonly string[] | string | undefined): string[] {
  const given = values === undefined ? [] : Array.isArray(values) ? values : [values as string];
  return given
    .flatMap((value) => String(value).split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
}
