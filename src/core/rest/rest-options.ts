import type { FetchResponse as Response } from '../platform/fetch-types.js';
import type { ApiClientOptions } from '../client/api-client.js';
import { withApiClientOptionNames } from '../client/client-options.js';
import type { OptionNames } from '../client/option-names.js';
import type { QueryParams } from '../request/query.js';
import type { ItemHook } from './pagination/pages.js';
import type { RestApiTables } from './endpoints/tables.js';
import type { AuthType } from '../auth/auth-methods.js';
import { checkRegion, REGION_HOSTS, type Region } from '../client/regions.js';

export type { Region } from '../client/regions.js';

/** Options of a `RestApiV2BaseClient`: the engine's, plus the API's tables. */
export interface RestApiV2BaseClientOptions extends ApiClientOptions {
  /** The API's canonical paths, wrapper exceptions and pagination styles. */
  tables: RestApiTables;
}

/** The names of {@link RestApiV2BaseClientOptions}, checked at construction. */
export const REST_API_V2_BASE_CLIENT_OPTION_NAMES: OptionNames<RestApiV2BaseClientOptions> =
  /* @__PURE__ */ withApiClientOptionNames({
    tables: true,
  });

/** Options of `RestApiV2BaseClient.iterAll`. */
export interface IterAllOptions<T> {
  /** The `limit` of each page (unless `params` has one). @default 100 */
  pageSize?: number;
  /** Ask for the `total` count, which the item hook then receives. @default false */
  total?: boolean;
  /** Called for each item before it is yielded (for progress reports). */
  itemHook?: ItemHook<T>;
  /**
   * Pages read at once (1 to `MAX_CONCURRENCY`): with `n > 1` a classic index asks for its
   * total on the first page, then reads the others `n` at a time; items still come in
   * order, each once, and the item hook gets the total. Cursor pagination stays sequential.
   * @default 1
   */
  concurrency?: number;
  /**
   * Query parameters the API's description does not declare, sent with `params` on every
   * page (see `RequestOptions.extraParams`); a name in both is a `TypeError`.
   */
  extraParams?: QueryParams;
}

/** The names of {@link IterAllOptions} (of `iterAll` and `listAll`), checked at each call. */
export const ITER_ALL_OPTION_NAMES: OptionNames<IterAllOptions<unknown>> = Object.freeze({
  pageSize: true,
  total: true,
  itemHook: true,
  concurrency: true,
  extraParams: true,
});

/** Options of `RestApiV2Client.iterHistory`. */
export interface IterHistoryOptions {
  /**
   * Requests at once (1 to `MAX_CONCURRENCY`): with `n > 1` the counts and pages of the
   * time windows are read `n` at a time, and records still come oldest window first.
   * Cursor-paginated endpoints stay sequential.
   * @default 1
   */
  concurrency?: number;
  /**
   * Query parameters the API's description does not declare, sent with `params` in every
   * window (see `RequestOptions.extraParams`); a name in both is a `TypeError`.
   */
  extraParams?: QueryParams;
}

/** Options of `RestApiV2BaseClient.iterCursor`. */
export interface IterCursorOptions<T> {
  /** The `limit` of each page (unless `params` has one). @default 100 */
  pageSize?: number;
  /** Called for each item before it is yielded. */
  itemHook?: ItemHook<T>;
  /**
   * Query parameters the API's description does not declare, sent with `params` on every
   * page (see `RequestOptions.extraParams`); a name in both is a `TypeError`.
   */
  extraParams?: QueryParams;
}

/** The names of {@link IterCursorOptions}, checked at each call. */
export const ITER_CURSOR_OPTION_NAMES: OptionNames<IterCursorOptions<unknown>> = Object.freeze({
  pageSize: true,
  itemHook: true,
  extraParams: true,
});

/**
 * Options of `RestApiV2BaseClient.dictAll`.
 *
 * @typeParam Q - the query parameters of the index (typed from a literal path)
 */
export interface DictAllOptions<Q = QueryParams> {
  /** The attribute whose value keys the result. @default 'id' */
  by?: string;
  /** Query parameters of the index request. */
  params?: Q;
  /** Pages read at once, as for `listAll` (see {@link IterAllOptions.concurrency}). @default 1 */
  concurrency?: number;
  /**
   * Query parameters the API's description does not declare, sent with `params` on every
   * page (see `RequestOptions.extraParams`); a name in both is a `TypeError`.
   */
  extraParams?: QueryParams;
}

/** The names of {@link DictAllOptions}, checked at each call. */
export const DICT_ALL_OPTION_NAMES: OptionNames<DictAllOptions> = Object.freeze({
  by: true,
  params: true,
  concurrency: true,
  extraParams: true,
});

/**
 * Options of `RestApiV2BaseClient.find`.
 *
 * @typeParam Q - the query parameters of the index (typed from a literal path)
 */
export interface FindOptions<Q = QueryParams> {
  /** The attribute compared with the value. @default 'name' */
  attribute?: string;
  /** Further query parameters of the index request. */
  params?: Q;
  /**
   * Query parameters the API description does not declare, sent with every page (see
   * `RequestOptions.extraParams`); a name in both is a `TypeError`.
   */
  extraParams?: QueryParams;
  /**
   * Compare case-sensitively: the attribute must equal the value exactly. Without it, case
   * is ignored, as the predecessor did (the API treats names and emails that way).
   * @default false
   */
  exact?: boolean;
  /**
   * Require at most one match: when a second item matches, throw an `AmbiguousMatchError`
   * naming the matches (reading stops at the page where the second one is found). Without
   * it, the first match is returned and no further page is read.
   * @default false
   */
  unique?: boolean;
}

/** Options of `RestApiV2BaseClient.persist`. */
export interface PersistOptions {
  /** Update an existing resource when a given field differs. @default false */
  update?: boolean;
}

/** A decoded response with the response and text it came from (for error messages). */
export interface DecodedResponse {
  /** The response (its body already read). */
  readonly response: Response;
  /** The body as text. */
  readonly text: string;
  /** The decoded body; `null` when the body is empty (as on 204). */
  readonly body: unknown;
}

/** The REST API v2 base URL of each region. */
export const REGION_BASE_URLS: Readonly<Record<Region, string>> = Object.freeze({
  us: REGION_HOSTS.us.rest,
  eu: REGION_HOSTS.eu.rest,
});

export function regionBaseUrl(region: Region = 'us'): string {
  return REGION_BASE_URLS[checkRegion(region)];
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
}

/** The names of {@link RestApiV2ClientOptions}, checked at construction. */
export const REST_API_V2_CLIENT_OPTION_NAMES: OptionNames<RestApiV2ClientOptions> =
  /* @__PURE__ */ withApiClientOptionNames({
    defaultFrom: true,
    authType: true,
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
