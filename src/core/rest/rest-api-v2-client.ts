import { authForType } from '../auth/auth-methods.js';
import type { TokenProvider } from '../auth/token-provider.js';
import { mergeExtraParams } from '../request/extra-options.js';
import type { QueryParams } from '../request/query.js';
import { pathSegment } from '../request/path-segment.js';
import { Refusal } from '../errors/refusal.js';
import { AmbiguousMatchError } from '../errors/error-classes.js';
import { apiKeyAccessFromText, subdomainFromHtmlUrl, type ApiKeyAccess } from './account-introspection.js';
import { RestApiV2BaseClient } from './rest-api-v2-base-client.js';
import { unwrapBody } from './endpoints/entity-wrappers.js';
import { pathShape } from './endpoints/canonical-path.js';
import {
  REST_API_V2_CLIENT_OPTION_NAMES,
  type AlertGroupingSettingsOptions,
  type AnalyticsRawIncidentsOptions,
  type IncidentNotesOptions,
  type RestApiV2ClientOptions,
  type FindOptions,
  type IterHistoryOptions,
  type PersistOptions,
} from './rest-options.js';
import { historyRefusal, rangeWindows, windowParams, windowStep } from './pagination/history-windows.js';
import { concurrencyOrDefault, DEFAULT_PAGE_SIZE } from './pagination/limits.js';
import { itemsOf, type FetchedPage } from './pagination/pages.js';
import { checkOptionNames } from '../client/option-names.js';
import { checkedOptions } from '../client/internal-options.js';
import { restApiV2Tables } from '../../generated/rest-tables/rest-api-v2-tables.js';
import {
  alertGroupingSettingsParams,
  analyticsRawIncidentsBody,
  incidentNotesRequest,
} from './pagination/specialised-requests.js';
import { nextAlertGroupingAfter, nextAnalyticsStart, tokenPages } from './pagination/token-pagination.js';
import type { AnnotateLogEntry } from '../../generated/types/rest-api-v2-schemas.js';
import type { ApiTypes } from '../types/api-types.js';
import type {
  EndpointOf as Ep,
  ItemOf,
  JsonBodyOf,
  JsonResultOf,
  PathHint,
  QueryOf,
  Resolved,
} from '../types/endpoint-types.js';
import type { RestApiV2Types } from '../../generated/types/rest-api-v2-endpoints.js';
import { isPlainObject } from '../plain-object.js';

// The rows (`data`) and the `filters` of `POST /analytics/raw/incidents`, for `A`.
type AnalyticsRow<A extends ApiTypes> = ListOf<JsonResultOf<Ep<A, 'POST', '/analytics/raw/incidents'>>, 'data'>;
type AnalyticsFilters<A extends ApiTypes> = FieldOf<JsonBodyOf<Ep<A, 'POST', '/analytics/raw/incidents'>>, 'filters'>;
type ListOf<R, K extends string> = R extends { [Key in K]?: readonly (infer Item)[] } ? Item : Record<string, unknown>;
type FieldOf<B, K extends string> = B extends { [Key in K]?: infer F }
  ? Exclude<F, undefined>
  : Readonly<Record<string, unknown>>;

/** The `Accept` header of REST API v2 requests. */
export const REST_API_V2_ACCEPT = 'application/vnd.pagerduty+json;version=2';

/**
 * The client of the REST API v2: every endpoint under the API reference's 'API' section.
 * Calls with a literal path are typed from the official description (see
 * {@link RestApiV2BaseClient}): `rget('/users/PABC123')` is a `User`, `iterAll('/incidents', ...)`
 * yields `Incident` and checks its query parameters.
 *
 * @typeParam A - the API's generated types; the legacy sessions use {@link UntypedApi}
 * @example
 * ```ts
 * await using client = new RestApiV2Client(process.env.PAGERDUTY_API_KEY!, { defaultFrom: 'oncall@example.com' });
 * for await (const incident of client.iterAll('/incidents', { statuses: ['triggered'] })) {
 *   console.log(incident.id, incident.status);
 * }
 * ```
 */
export class RestApiV2Client<A extends ApiTypes = RestApiV2Types> extends RestApiV2BaseClient<A> {
  /**
   * The email sent as `From` on every request (read at request time), or `undefined` for
   * none. A per-request `headers: { From }` wins over it.
   */
  defaultFrom: string | undefined;
  // Memoised per base URL and credential: a new key (a legacy session may set one) is asked afresh.
  #access: { readonly url: string; readonly auth: object; readonly value: ApiKeyAccess } | undefined;
  #subdomain: { readonly url: string; readonly auth: object; readonly value: string } | undefined;

  /**
   * @param apiKey - the API key, an OAuth access token with `authType: 'oauth2'`, or a {@link TokenProvider}
   *   of OAuth tokens (sent as Bearer, renewed as they expire: see `clientCredentialsTokenProvider`)
   * @param options - `defaultFrom`, `authType`, `region`, `policy` and the engine's options
   * @throws TypeError for an unknown `authType` or `region`
   */
  constructor(apiKey: string | TokenProvider, options: RestApiV2ClientOptions = {}) {
    checkOptionNames('RestApiV2Client', options, REST_API_V2_CLIENT_OPTION_NAMES);
    const { defaultFrom, authType, ...rest } = options;
    super(authForType(apiKey, authType), checkedOptions({ ...rest, tables: restApiV2Tables() }));
    this.defaultFrom = defaultFrom;
  }

  /** The engine's headers with the REST API v2 `Accept`, and `From` when {@link defaultFrom} is set. */
  protected override defaultHeaders(): Record<string, string> {
    // The engine's headers are a fresh object at every call: completed in place, not copied.
    const headers = super.defaultHeaders();
    headers.Accept = REST_API_V2_ACCEPT;
    if (this.defaultFrom) headers.From = this.defaultFrom;
    return headers;
  }

  /**
   * The item of an index whose attribute equals `value`, ignoring case (the predecessor's rule), narrowed by
   * the index's `query` parameter; `null` when none (every page read). Stops at the first match; with
   * `unique`, reads on until a second match, which is an error.
   *
   * @param url - the index's path (`/users`, `/services`, ...)
   * @param value - the value to match (sent as `query`)
   * @param options - `attribute` (default `'name'`), `exact` (case counts), `unique`, `params`, `extraParams`
   * @throws AmbiguousMatchError with `unique`, when more than one item matches
   * @example
   * ```ts
   * const user = await client.find('/users', 'ann@example.com', { attribute: 'email' }); // User | null
   * const service = await client.find('/services', 'Checkout API', { exact: true, unique: true });
   * ```
   */
  find<T = never, P extends PathHint<A, 'INDEX'> = PathHint<A, 'INDEX'>>(
    url: P,
    value: string,
    options?: FindOptions<QueryOf<Ep<A, 'GET', P>>>,
  ): Promise<Resolved<T, ItemOf<Ep<A, 'GET', P>>> | null>;
  async find<T = Record<string, unknown>>(url: string, value: string, options: FindOptions = {}): Promise<T | null> {
    const attribute = options.attribute ?? 'name';
    // A number (plain JavaScript callers pass them) is sent and compared as its text.
    const params = mergeExtraParams({ ...options.params, query: value }, options.extraParams, 'find') ?? {};
    const pages = this.pagesOf(url, params, {}, 'find');
    const criteria = {
      url,
      attribute,
      value: String(value),
      exact: options.exact === true,
      unique: options.unique === true,
    };
    // Loaded at the first find or persist: a page that never calls them does not carry them.
    const { findInPages } = await import('./find-in-pages.js');
    const found = await findInPages(pages, criteria);
    if ('ambiguous' in found) throw new AmbiguousMatchError({ ...criteria, matches: found.ambiguous });
    return found.item as T | null;
  }

  /**
   * The resource of an index whose `attribute` equals `values[attribute]` (see `find`), created from
   * `values` when there is none. With `update`, an existing resource whose fields differ is PUT to its
   * `self` URL with `values` over it (as both predecessors did).
   *
   * @param url - the index's path (`/teams`, `/users`, ...)
   * @param attribute - the attribute that identifies the resource (`'name'`, `'email'`)
   * @param values - the resource's fields; must include `attribute`
   * @param options - `update` (default `false`)
   * @throws UrlError when `values` lacks `attribute`
   * @example
   * ```ts
   * const team = await client.persist('/teams', 'name', { name: 'Ops', description: 'On call' }, { update: true });
   * ```
   */
  persist<T = never, P extends PathHint<A, 'INDEX'> = PathHint<A, 'INDEX'>>(
    url: P,
    attribute: string,
    values: Readonly<Record<string, unknown>>,
    options?: PersistOptions,
  ): Promise<Resolved<T, ItemOf<Ep<A, 'GET', P>>>>;
  async persist<T = Record<string, unknown>>(
    url: string,
    attribute: string,
    values: Readonly<Record<string, unknown>>,
    options: PersistOptions = {},
  ): Promise<T> {
    if (!Object.hasOwn(values, attribute)) {
      const message = `persist: values must include "${attribute}", the attribute resources are matched on`;
      throw this.refused(new Refusal(message, 'ERR_INVALID_ARGUMENT'));
    }
    const { differsFrom, persistSearchValue } = await import('./find-in-pages.js');
    const term = persistSearchValue(attribute, values[attribute]);
    const existing = await this.find<Record<string, unknown>>(url, term, { attribute });
    if (existing === null) return this.rpost<T, string>(url, { json: values }) as Promise<T>;
    if (!options.update || !differsFrom(existing, values)) return existing as T;
    const self =
      typeof existing.self === 'string'
        ? existing.self
        : `${this.normalizeUrl(url)}/${this.#segment('the id of the matching resource', existing.id)}`;
    return this.rput<T, string>(self, { json: { ...existing, ...values } }) as Promise<T>;
  }

  /**
   * Iterates over the historical records of [since, until) past classic pagination's 10,000-record limit:
   * the range is cut into windows the endpoint accepts (`HISTORY_MAX_RANGE_DAYS`), each halved until it
   * holds at most `ITERATION_LIMIT` records. Each record comes once, oldest window first.
   *
   * @param url - `/incidents`, `/log_entries`, `/audit/records`, `/notifications`, ...
   * @param since - the start of the range (included)
   * @param until - the end of the range (excluded)
   * @param params - further query parameters, typed from the path
   * @param options - `concurrency` (windows read at once), `extraParams`
   * @throws UrlError for an endpoint that is not an index of historical records, or invalid dates
   * @example
   * ```ts
   * const since = new Date('2024-01-01T00:00:00Z');
   * for await (const entry of client.iterHistory('/log_entries', since, new Date())) console.log(entry.type);
   * ```
   */
  iterHistory<T = never, P extends PathHint<A, 'INDEX'> = PathHint<A, 'INDEX'>>(
    url: P,
    since: Date,
    until: Date,
    params?: QueryOf<Ep<A, 'GET', P>>,
    options?: IterHistoryOptions,
  ): AsyncIterableIterator<Resolved<T, ItemOf<Ep<A, 'GET', P>>>>;
  iterHistory<T = Record<string, unknown>>(
    url: string,
    since: Date,
    until: Date,
    params: QueryParams = {},
    options: IterHistoryOptions = {},
  ): AsyncIterableIterator<T> {
    return itemsOf<T>(this.#historyPages(url, since, until, params, options));
  }

  async *#historyPages(
    url: string,
    since: Date,
    until: Date,
    given: QueryParams,
    options: IterHistoryOptions,
  ): AsyncGenerator<FetchedPage> {
    const params = mergeExtraParams(given, options.extraParams, 'iterHistory') ?? {};
    const concurrency = concurrencyOrDefault(options.concurrency);
    const path = this.canonicalPath(url);
    this.refuseSpecialised(path, 'iterHistory');
    const tables = this.compiledTables;
    const shape = pathShape(path);
    const refusal = historyRefusal(path, tables.historicalShapes.has(shape), since, until);
    if (refusal !== undefined) throw this.refused(new Refusal(refusal, 'ERR_INVALID_ARGUMENT'));
    if (since.getTime() === until.getTime()) return;
    const window = (start: Date, end: Date): QueryParams => windowParams(params, start, end);
    const maxRangeMs = this.policy.declaredRequirements ? tables.historyMaxRangeMs.get(shape) : undefined;
    if (tables.cursorShapes.has(shape)) {
      for (const [start, end] of rangeWindows(since, until, maxRangeMs))
        yield* this.pagesOf(url, window(start, end), {}, 'iterHistory');
      return;
    }
    if (shape === '/oncalls') this.log.warn('iterHistory may yield duplicate results when used with /oncalls');
    if (concurrency > 1) {
      const lane = this.paginationLanes.open(concurrency);
      const pageLimit = Number({ limit: DEFAULT_PAGE_SIZE, ...params }.limit);
      const warn = (message: string): void => this.log.warn(message);
      const index = { params, pageLimit, endpoint: `GET ${path}`, maxRangeMs, lane, failFast: false, warn };
      const total = (query: QueryParams, signal: AbortSignal) => this.getTotal(url, query, { signal });
      const page = (query: QueryParams, signal: AbortSignal) => this.indexPage(url, query, 'iterHistory', signal);
      try {
        const { concurrentHistoryPages } = await import('./pagination/concurrent-pagination.js');
        yield* concurrentHistoryPages(since, until, total, page, index);
      } finally {
        lane.close();
      }
      return;
    }
    // Count each window: read it, skip it, or halve it; the next window to count is on top.
    const pending = rangeWindows(since, until, maxRangeMs).reverse();
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const [start, end] = next;
      const step = windowStep(start, end, await this.getTotal(url, window(start, end)));
      if (step.warning !== undefined) this.log.warn(step.warning);
      if (step.split !== undefined) pending.push(step.split[1], step.split[0]);
      else if (step.read) yield* this.pagesOf(url, window(start, end), {}, 'iterHistory');
    }
  }

  /**
   * Iterates over incident notes: log entries of type `annotate_log_entry`, from
   * `/log_entries`, or from `/incidents/{incidentId}/log_entries` (which ignores
   * `team_ids`, so it is dropped with a warning).
   *
   * @example
   * ```ts
   * for await (const note of client.iterIncidentNotes({ params: { team_ids: ['PTEAM1'] } })) console.log(note.summary);
   * ```
   */
  async *iterIncidentNotes(options: IncidentNotesOptions = {}): AsyncIterableIterator<AnnotateLogEntry> {
    const incident = options.incidentId === undefined ? undefined : this.#segment('incidentId', options.incidentId);
    const { url, params, warnings } = incidentNotesRequest(incident, options.params);
    for (const warning of warnings) this.log.warn(warning);
    for await (const page of this.pagesOf(url, params, {}, 'iterIncidentNotes')) {
      for (const entry of page.items as AnnotateLogEntry[]) if (entry.type === 'annotate_log_entry') yield entry;
    }
  }

  /**
   * Iterates over `POST /analytics/raw/incidents`, which pages by `starting_after` (the
   * previous page's `last`) while `more` is true. Yields the items of each page's `data`.
   *
   * @param filters - the required `filters` object of the request body
   * @example
   * ```ts
   * const filters = { created_at_start: '2024-01-01T00:00:00Z', created_at_end: '2024-02-01T00:00:00Z' };
   * for await (const row of client.iterAnalyticsRawIncidents(filters, { order: 'asc' })) console.log(row.id);
   * ```
   */
  iterAnalyticsRawIncidents<T = never>(
    filters: AnalyticsFilters<A>,
    options?: AnalyticsRawIncidentsOptions,
  ): AsyncIterableIterator<Resolved<T, AnalyticsRow<A>>>;
  iterAnalyticsRawIncidents<T = Record<string, unknown>>(
    filters: unknown,
    options: AnalyticsRawIncidentsOptions = {},
  ): AsyncIterableIterator<T> {
    const body = analyticsRawIncidentsBody(filters, options);
    const page = (last: string | undefined): Promise<FetchedPage> => {
      const json = last === undefined ? body : { ...body, starting_after: last };
      return this.fetchPage('POST', '/analytics/raw/incidents', { json }, 'data');
    };
    const pages = tokenPages(page, nextAnalyticsStart, undefined, 'POST /analytics/raw/incidents');
    return itemsOf<T>(pages);
  }

  /**
   * Iterates over `GET /alert_grouping_settings`, which pages by the `after` token of
   * each response.
   *
   * @example
   * ```ts
   * for await (const setting of client.iterAlertGroupingSettings({ serviceIds: ['PSVC1'] })) console.log(setting.id);
   * ```
   */
  iterAlertGroupingSettings<T = never>(
    options?: AlertGroupingSettingsOptions,
  ): AsyncIterableIterator<Resolved<T, ItemOf<Ep<A, 'GET', '/alert_grouping_settings'>>>>;
  iterAlertGroupingSettings<T = Record<string, unknown>>(
    options: AlertGroupingSettingsOptions = {},
  ): AsyncIterableIterator<T> {
    const params = alertGroupingSettingsParams(options);
    const page = (after: string | undefined): Promise<FetchedPage> => {
      const query = after === undefined ? params : { ...params, after };
      return this.fetchPage('GET', '/alert_grouping_settings', { params: query }, 'alert_grouping_settings');
    };
    const pages = tokenPages(page, nextAlertGroupingAfter, undefined, 'GET /alert_grouping_settings');
    return itemsOf<T>(pages);
  }

  /**
   * Which kind of key the client holds, asked of `GET /users/me`: `'user'` when it
   * answers, `'account'` when it refuses because the key is account-level, `null` when
   * the answer says neither (logged as an error). A definite answer is memoised (per base URL and key).
   */
  async apiKeyAccess(): Promise<ApiKeyAccess | null> {
    if (this.#access?.url === this.url && this.#access.auth === this.auth) return this.#access.value;
    const response = await this.get('/users/me');
    const text = await response.text();
    const access = apiKeyAccessFromText(response.status, text);
    if (access === null) {
      this.log.error(`Could not tell the API key's access level: GET /users/me answered ${response.status}`);
      return null;
    }
    this.#access = { url: this.url, auth: this.auth, value: access };
    return access;
  }

  /**
   * Whether the account has an ability (`GET /abilities/{name}`): true on success, false
   * on 402 Payment Required.
   *
   * @throws HttpError for any other status (403, 404 for an unknown ability, ...)
   * @example
   * ```ts
   * if (await client.accountHasAbility('teams')) console.log('teams are available');
   * ```
   */
  async accountHasAbility(name: string): Promise<boolean> {
    const response = await this.get(`/abilities/${this.#segment('ability name', name)}`);
    if (response.status >= 200 && response.status < 300) return true;
    if (response.status === 402) return false;
    throw this.httpError({ method: 'GET', url: response.url, response, body: await response.text() });
  }

  /**
   * The account's subdomain (`acme` for `acme.pagerduty.com`), read from the web URL of
   * its first user; memoised (per base URL and key).
   *
   * @throws HttpServerError when the answer has no user with a web URL
   */
  async subdomain(): Promise<string> {
    if (this.#subdomain?.url === this.url && this.#subdomain.auth === this.auth) return this.#subdomain.value;
    const { response, text, body } = await this.exchangeJson('GET', '/users', { params: { limit: 1 } });
    const users = unwrapBody(body, 'users');
    const first = users.ok && Array.isArray(users.value) ? (users.value[0] as unknown) : undefined;
    const value = subdomainFromHtmlUrl(isPlainObject(first) ? first.html_url : undefined);
    if (value === null) {
      const detail = 'API responded without a user whose html_url shows the subdomain';
      throw this.unexpectedResponse('GET', response, text, detail);
    }
    this.#subdomain = { url: this.url, auth: this.auth, value };
    return value;
  }

  /** An id as one path segment; a bad one is an error before any request. */
  #segment(what: string, value: unknown): string {
    return this.checked(pathSegment(what, value));
  }
}
