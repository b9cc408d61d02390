/**
 * Acknowledges every triggered incident (optionally of some services only) as one user,
 * with multi-updates: `PUT /incidents` with a list of incident references, in batches.
 *
 * Acting on incidents needs a user. A user-scoped key (or a user's OAuth token) is that
 * user; an account-level key needs the user's email in the `From` header, which the
 * client's `defaultFrom` sends with every request. `apiKeyAccess()` tells the two apart,
 * so the program stops before changing anything when `From` is missing.
 *
 * The whole list is read before the first update: acknowledging incidents while paging
 * through `statuses[]=triggered` would shrink the list under the offset of the next page,
 * and incidents would be skipped.
 *
 * ```sh
 * PAGERDUTY_API_KEY=... PAGERDUTY_FROM=you@example.com \
 *   npx tsx examples/acknowledge-triggered-incidents.ts [SERVICE_ID...]
 * ```
 *
 * @module
 */
import { pathToFileURL } from 'node:url';
import { RestApiV2Client, type Incident, type IncidentUpdate, type RestApiV2ClientOptions } from 'pagerduty-client';

/** The most incidents one multi-update may carry. */
export const MAX_INCIDENTS_PER_UPDATE = 250;

/** What {@link main} needs. */
export interface AcknowledgeOptions {
  /** A REST API key: user-scoped, or account-level together with `from`. */
  apiKey: string;
  /** The email of the user to act as (sent as `From`); required with an account-level key. */
  from?: string;
  /** Only incidents of these services (`service_ids[]`). @default every service */
  serviceIds?: readonly string[];
  /** Incidents per `PUT /incidents` request, at most {@link MAX_INCIDENTS_PER_UPDATE}. @default 250 */
  batchSize?: number;
  /** The REST API base URL. @default 'https://api.pagerduty.com' */
  baseUrl?: string;
  /** Further client options (region, retries, logger, ...). */
  clientOptions?: RestApiV2ClientOptions;
  /** Where progress goes. @default console.log */
  print?: (line: string) => void;
}

/**
 * Acknowledges the triggered incidents and returns them as the API answered (status
 * `acknowledged`).
 *
 * @throws Error before any update when an account-level key comes without `from`
 */
export async function main(options: AcknowledgeOptions): Promise<Incident[]> {
  const print = options.print ?? console.log;
  const batchSize = options.batchSize ?? MAX_INCIDENTS_PER_UPDATE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_INCIDENTS_PER_UPDATE) {
    throw new RangeError(`batchSize must be 1 to ${MAX_INCIDENTS_PER_UPDATE}`);
  }
  await using client = new RestApiV2Client(options.apiKey, {
    ...options.clientOptions,
    baseUrl: options.baseUrl ?? options.clientOptions?.baseUrl,
    defaultFrom: options.from,
  });
  if (!options.from && (await client.apiKeyAccess()) === 'account') {
    throw new Error(
      'an account-level API key acts on incidents only as a user: give the email of one (PAGERDUTY_FROM)',
    );
  }

  const filters = options.serviceIds?.length ? { service_ids: [...options.serviceIds] } : {};
  // Typed from the path: Incident[], and the query parameters are checked.
  const triggered = await client.listAll('/incidents', { statuses: ['triggered'], ...filters });
  print(`${triggered.length} triggered incident(s)`);

  const acknowledged: Incident[] = [];
  for (let start = 0; start < triggered.length; start += batchSize) {
    // The description marks ids read-only, not promised: an incident without one cannot be updated.
    const updates = triggered
      .slice(start, start + batchSize)
      .flatMap((incident): IncidentUpdate[] =>
        incident.id === undefined ? [] : [{ id: incident.id, type: 'incident_reference', status: 'acknowledged' }],
      );
    // rput wraps the list as { incidents: [...] } and unwraps the answer's `incidents`: Incident[].
    const updated = await client.rput('/incidents', { json: updates });
    acknowledged.push(...updated);
    for (const incident of updated) print(`acknowledged ${incident.id}: ${incident.summary ?? ''}`);
  }
  return acknowledged;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const apiKey = process.env.PAGERDUTY_API_KEY;
  if (!apiKey) {
    console.error('Set PAGERDUTY_API_KEY, and PAGERDUTY_FROM for an account-level key.');
    process.exitCode = 2;
  } else {
    main({
      apiKey,
      from: process.env.PAGERDUTY_FROM,
      baseUrl: process.env.PAGERDUTY_BASE_URL,
      serviceIds: process.argv.slice(2),
    }).catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
  }
}
