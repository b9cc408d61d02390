/**
 * Creates schedule overrides in bulk, in one `POST /schedules/{id}/overrides`, and reports
 * the items that failed.
 *
 * The endpoint takes its list wrapped in `overrides` and answers a bare list with one
 * result per item (`status`, `override`, and `errors` when it failed): a bad item does not
 * fail the request, so a 201 alone does not mean every override was created. `rpost`
 * knows both shapes from the wrapper table.
 *
 * The overrides come from a JSON file: a list of `{ "userId", "start", "end", "timeZone"? }`.
 *
 * ```sh
 * PAGERDUTY_API_KEY=... npx tsx examples/create-schedule-overrides.ts SCHEDULE_ID overrides.json
 * ```
 *
 * The exit status is 1 when any override failed.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { RestApiV2Client, type RestApiV2ClientOptions, type ScheduleOverride } from 'pagerduty-client';

/** One override to create. */
export interface OverrideRequest {
  /** Who is on call during the override. */
  userId: string;
  /** When it starts: ISO 8601 with offset. */
  start: string;
  /** When it ends: ISO 8601 with offset, after `start`. */
  end: string;
  /** The time zone of `start` and `end`. */
  timeZone?: string;
}

/** What {@link main} needs. */
export interface CreateOverridesOptions {
  /** A REST API key. */
  apiKey: string;
  /** The schedule to add the overrides to. */
  scheduleId: string;
  /** The overrides. */
  overrides: readonly OverrideRequest[];
  /** The REST API base URL. @default 'https://api.pagerduty.com' */
  baseUrl?: string;
  /** Further client options (region, retries, logger, ...). */
  clientOptions?: RestApiV2ClientOptions;
  /** Where the report goes. @default console.log */
  print?: (line: string) => void;
}

/** An override the API refused, with its reasons. */
export interface FailedOverride {
  /** The position of the item in the request (0-based). */
  index: number;
  /** The item's status (400, ...). */
  status: number;
  /** The override as sent. */
  override: ScheduleOverride;
  /** Why it failed. */
  errors: string[];
}

/** What happened to each item. */
export interface CreateOverridesResult {
  /** The overrides created, with their ids. */
  created: ScheduleOverride[];
  /** The overrides refused. */
  failed: FailedOverride[];
}

/** The API's shape of an override to create. */
export function overrideBody(request: OverrideRequest): ScheduleOverride {
  return {
    start: request.start,
    end: request.end,
    user: { id: request.userId, type: 'user_reference' },
    ...(request.timeZone !== undefined ? { time_zone: request.timeZone } : {}),
  };
}

/** Creates the overrides in one request and sorts the per-item results. */
export async function main(options: CreateOverridesOptions): Promise<CreateOverridesResult> {
  const print = options.print ?? console.log;
  await using client = new RestApiV2Client(options.apiKey, {
    ...options.clientOptions,
    baseUrl: options.baseUrl ?? options.clientOptions?.baseUrl,
  });
  // Typed from the path: BulkOverrideResult[], and the overrides are checked.
  const results = await client.rpost(`/schedules/${encodeURIComponent(options.scheduleId)}/overrides`, {
    json: options.overrides.map(overrideBody),
  });
  const outcome: CreateOverridesResult = { created: [], failed: [] };
  results.forEach((result, index) => {
    // An item without a status (the description does not promise one) counts as created unless it has errors.
    const status = result.status ?? (result.errors?.length ? 400 : 201);
    if (status >= 200 && status < 300) {
      outcome.created.push(result.override);
      print(`created ${result.override.id ?? ''}: ${result.override.start} to ${result.override.end}`);
    } else {
      const errors = result.errors ?? [];
      outcome.failed.push({ index, status, override: result.override, errors });
      print(`item ${index} failed (${status}): ${errors.join('; ')}`);
    }
  });
  print(`${outcome.created.length} created, ${outcome.failed.length} failed`);
  return outcome;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const apiKey = process.env.PAGERDUTY_API_KEY;
  const [scheduleId, file] = process.argv.slice(2);
  if (!apiKey || !scheduleId || !file) {
    console.error('Usage: PAGERDUTY_API_KEY=... create-schedule-overrides.ts SCHEDULE_ID overrides.json');
    process.exitCode = 2;
  } else {
    readFile(file, 'utf8')
      .then((text) =>
        main({
          apiKey,
          scheduleId,
          overrides: JSON.parse(text) as OverrideRequest[],
          baseUrl: process.env.PAGERDUTY_BASE_URL,
        }),
      )
      .then((outcome) => {
        if (outcome.failed.length > 0) process.exitCode = 1;
      })
      .catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exitCode = 1;
      });
  }
}
