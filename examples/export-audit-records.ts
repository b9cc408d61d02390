/**
 * Exports the audit trail of a time range as JSON lines, with `iterHistory`.
 *
 * `iterHistory(url, since, until)` reads historical records in `[since, until)`. On
 * classic-paginated indexes (`/incidents`, `/log_entries`) it splits the range into
 * windows of at most 10,000 records each, the most classic pagination can reach;
 * `/audit/records` is cursor-paginated and has no such limit, so it is read in one pass,
 * with the same call.
 *
 * ```sh
 * PAGERDUTY_API_KEY=... npx tsx examples/export-audit-records.ts \
 *   2024-01-01T00:00:00Z 2024-02-01T00:00:00Z > audit.jsonl
 * ```
 *
 * Without dates it exports the last 24 hours. Records go to standard output, the count to
 * standard error.
 *
 * @module
 */
import { pathToFileURL } from 'node:url';
import { RestApiV2Client, type RestApiV2ClientOptions, type RestApiV2Query } from 'pagerduty-client';

/** An audit record, as the API description has it (what the export writes, one per line). */
export type { AuditRecord } from 'pagerduty-client/types';

/** What {@link main} needs. */
export interface ExportAuditOptions {
  /** A REST API key that may read the audit trail (account-level, or an admin's). */
  apiKey: string;
  /** The start of the range (inclusive). */
  since: Date;
  /** The end of the range (exclusive). */
  until: Date;
  /**
   * Further filters, such as `{ root_resource_types: ['users'], actions: ['update'] }` (checked against
   * the description).
   */
  params?: RestApiV2Query<'/audit/records'>;
  /** Where each record goes, as one line of JSON. @default a line on standard output */
  write?: (line: string) => void;
  /** The REST API base URL. @default 'https://api.pagerduty.com' */
  baseUrl?: string;
  /** Further client options (region, retries, logger, ...). */
  clientOptions?: RestApiV2ClientOptions;
}

/** Writes every audit record of the range and returns how many there were. */
export async function main(options: ExportAuditOptions): Promise<number> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  await using client = new RestApiV2Client(options.apiKey, {
    ...options.clientOptions,
    baseUrl: options.baseUrl ?? options.clientOptions?.baseUrl,
  });
  let count = 0;
  // Typed from the path: each record is an AuditRecord.
  for await (const record of client.iterHistory('/audit/records', options.since, options.until, options.params)) {
    write(JSON.stringify(record));
    count += 1;
  }
  return count;
}

/** The range from the command line: two ISO 8601 dates, or the last 24 hours. */
export function rangeFromArguments(args: readonly string[], now = new Date()): { since: Date; until: Date } {
  const [since, until] = args;
  if (since === undefined) return { since: new Date(now.getTime() - 24 * 3600 * 1000), until: now };
  const range = { since: new Date(since), until: until === undefined ? now : new Date(until) };
  if (Number.isNaN(range.since.getTime()) || Number.isNaN(range.until.getTime())) {
    throw new RangeError('give the range as ISO 8601 dates: SINCE [UNTIL]');
  }
  return range;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const apiKey = process.env.PAGERDUTY_API_KEY;
  if (!apiKey) {
    console.error('Usage: PAGERDUTY_API_KEY=... export-audit-records.ts [SINCE [UNTIL]]');
    process.exitCode = 2;
  } else {
    Promise.resolve()
      .then(() =>
        main({ apiKey, ...rangeFromArguments(process.argv.slice(2)), baseUrl: process.env.PAGERDUTY_BASE_URL }),
      )
      .then((count) => console.error(`${count} audit record(s) exported`))
      .catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exitCode = 1;
      });
  }
}
