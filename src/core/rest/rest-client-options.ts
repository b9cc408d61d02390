import type { ApiClientOptions } from '../client/api-client.js';
import { API_CLIENT_OPTION_NAMES } from '../client/client-options.js';
import type { OptionNames } from '../client/option-names.js';
import type { AuthType } from '../auth/auth-methods.js';
import type { QueryParams } from '../request/query.js';

/** The service regions, each with its own REST API host. */
export type Region = 'us' | 'eu';

/** The REST API v2 base URL of each region. */
export const REGION_BASE_URLS: Readonly<Record<Region, string>> = Object.freeze({
  us: 'https://api.pagerduty.com',
  eu: 'https://api.eu.pagerduty.com',
});

export function regionBaseUrl(region: Region = 'us'): string {
  if (!Object.hasOwn(REGION_BASE_URLS, region)) {
    const known = Object.keys(REGION_BASE_URLS).join(', ');
    throw new TypeError(`unknown region ${JSON.stringify(region)}; expected one of ${known}`);
  }
  return REGION_BASE_URLS[region];
}

/** Options of `RestApiV2Client` (all optional): the engine's, plus these. */
export interface RestApiV2ClientOptions extends ApiClientOptions {
  /**
   * The email of a valid user, sent as `From` on every request: what an account-level
   * key needs on endpoints that act on incidents. Settable later as `client.defaultFrom`.
   */
  defaultFrom?: string;
  /**
   * How the credential is sent: `'token'` (API key), `'oauth2'` or `'bearer'` (OAuth
   * token), `'header_passthru'` (as the whole header). @default 'token'
   */
  authType?: AuthType;
  /** The region whose API host to use; `baseUrl` wins over it. @default 'us' */
  region?: Region;
}

/** The names of {@link RestApiV2ClientOptions}, checked at construction. */
export const REST_API_V2_CLIENT_OPTION_NAMES: OptionNames<RestApiV2ClientOptions> = Object.freeze({
  ...API_CLIENT_OPTION_NAMES,
  defaultFrom: true,
  authType: true,
  region: true,
});

/** Options of `RestApiV2Client.iterIncidentNotes`. */
export interface IncidentNotesOptions {
  /** Read the notes of this incident only (`/incidents/{id}/log_entries`); `team_ids` is then dropped. */
  incidentId?: string;
  /** Query parameters of the log entry index (`team_ids`, `since`, `until`, ...). */
  params?: QueryParams;
}

/** Options of `RestApiV2Client.iterAnalyticsRawIncidents` (sent in the request body). */
export interface AnalyticsRawIncidentsOptions {
  /** The sort direction. @default 'desc' */
  order?: 'asc' | 'desc';
  /** The sort field (`order_by`). @default 'created_at' */
  orderBy?: 'created_at' | 'seconds_to_resolve';
  /** Results per page (`limit`; the API allows up to 1000). @default 100 */
  limit?: number;
  /** The time zone of the results (`time_zone`). */
  timeZone?: string;
}

/** Options of `RestApiV2Client.iterAlertGroupingSettings`. */
export interface AlertGroupingSettingsOptions {
  /** Only the settings of these services (`service_ids[]`). */
  serviceIds?: readonly string[];
  /** Results per page (`limit`). @default 100 */
  limit?: number;
}
