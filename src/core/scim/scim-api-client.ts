import { withApiClientOptionNames } from '../client/client-options.js';
import { checkedOptions } from '../client/internal-options.js';
import { checkOptionNames, type OptionNames } from '../client/option-names.js';
import type { FetchResponse as Response } from '../platform/fetch-types.js';
import { ApiClient, type ApiClientOptions, type RequestOptions } from '../client/api-client.js';
import { authForType, isTokenProvider, type AuthMethod, type AuthType } from '../auth/auth-methods.js';
import type { TokenProvider } from '../auth/token-provider.js';
import { decodeJsonBody } from '../errors/json-body.js';
import type { FetchedPage } from '../rest/pagination/pages.js';
import { tokenPages } from '../rest/pagination/token-pagination.js';
import { nextScimStartIndex, type ScimListResponse } from './scim-pagination.js';
import type {
  EndpointOf as Ep,
  JsonBodyOf,
  JsonResultOf,
  PathHint,
  RequestOptionsOf,
} from '../types/endpoint-types.js';
import type { ScimApiTypes } from '../../generated/types/scim-api-endpoints.js';
import type { ScimUser } from '../../generated/types/scim-api-schemas.js';
import { isPlainObject } from '../plain-object.js';
import { regionalBaseUrl } from '../client/regions.js';

/** What a SCIM j-method returns: the endpoint's body for a literal path, else `T` or `null` (empty body). */
type ScimResult<T, E> = [NoInfer<T>] extends [never] ? JsonResultOf<E> : NoInfer<T> | null;
/** The options of a SCIM j-method call, typed for a literal path. */
type ScimOptions<E> = RequestOptionsOf<E, JsonBodyOf<E>>;

export const SCIM_BASE_URL = 'https://api.pagerduty.com/scim/v2';

/** RFC 7644, section 8.1. */
export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** Options of {@link ScimApiClient}: the engine's, plus how a string credential is sent. */
export interface ScimApiClientOptions extends ApiClientOptions {
  /**
   * How a string credential is sent: `'token'` for an API key, `'bearer'`/`'oauth2'` for an
   * app OAuth token. Only with a string credential.
   * @default 'token'
   */
  authType?: AuthType;
}

export const SCIM_API_CLIENT_OPTION_NAMES: OptionNames<ScimApiClientOptions> = /* @__PURE__ */ withApiClientOptionNames(
  {
    authType: true,
  },
);

/** What {@link ScimApiClient.iterUsers} and {@link ScimApiClient.listUsers} page through. */
export interface ScimUserQuery {
  /** A SCIM filter; the API supports `userName` and `externalId`, as in `userName eq "a@example.com"`. */
  filter?: string;
  /** How many users one page asks for (`count`). @default 100 */
  pageSize?: number;
  /** The 1-based index of the first user. @default 1 */
  startIndex?: number;
}

function resolveAuth(auth: AuthMethod | string | TokenProvider, authType: AuthType | undefined): AuthMethod {
  if (typeof auth === 'string' || isTokenProvider(auth)) return authForType(auth, authType);
  if (authType !== undefined)
    throw new TypeError('authType applies only to a string credential or a token provider, not to an auth method');
  return auth;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/**
 * A client of the SCIM API. Responses are `application/scim+json`; request bodies are
 * sent as `application/json`, which the API documents for them. The j-methods are typed
 * from a literal path by the SCIM description (`jget('/Users/P1')` is a `ScimUser`); with
 * any other path, or a type argument, they give `T | null`.
 *
 * @example
 * ```ts
 * await using scim = new ScimApiClient(process.env.PAGERDUTY_API_KEY!);
 * for await (const user of scim.iterUsers({ filter: 'userName eq "jane@example.com"' })) {
 *   console.log(user.id, user.userName);
 * }
 * ```
 */
export class ScimApiClient extends ApiClient {
  /**
   * @param auth - an API key or app OAuth token (see `authType`), a {@link TokenProvider} of OAuth tokens, or an
   *   auth method
   * @param options - engine options (`baseUrl` defaults to `https://api.pagerduty.com/scim/v2`) and `authType`
   */
  constructor(auth: AuthMethod | string | TokenProvider, options: ScimApiClientOptions = {}) {
    checkOptionNames('ScimApiClient', options, SCIM_API_CLIENT_OPTION_NAMES);
    const { authType, ...engine } = options;
    const resolved = resolveAuth(auth, authType);
    const provider = resolved.kind === 'token-provider' ? resolved.provider : undefined;
    const baseUrl = engine.baseUrl ?? regionalBaseUrl(SCIM_BASE_URL, engine.region, provider);
    super(resolved, checkedOptions({ ...engine, baseUrl }));
  }

  /** SCIM responses come as `application/scim+json`; plain JSON is accepted too. */
  protected override defaultHeaders(): Record<string, string> {
    return { ...super.defaultHeaders(), Accept: `${SCIM_MEDIA_TYPE}, application/json` };
  }

  /**
   * Every user matching the query, one page (`startIndex`, `count`) at a time. Ends on the
   * page that reaches `totalResults`, or on an empty page.
   *
   * @throws HttpError for a non-success status
   * @throws HttpServerError when a page is not a SCIM list response
   *
   * @example
   * ```ts
   * for await (const user of scim.iterUsers({ pageSize: 50 })) console.log(user.userName);
   * ```
   */
  async *iterUsers(query: ScimUserQuery = {}): AsyncIterableIterator<ScimUser> {
    const count = positiveInteger('pageSize', query.pageSize ?? 100);
    const first = positiveInteger('startIndex', query.startIndex ?? 1);
    const getPage = async (startIndex: number | undefined): Promise<FetchedPage> => {
      const params = { startIndex, count, ...(query.filter !== undefined ? { filter: query.filter } : {}) };
      const response = await this.get('/Users', { params });
      const text = await this.successText('GET', response);
      const page = this.#listResponse(response, text);
      return { body: page as Readonly<Record<string, unknown>>, items: page.Resources ?? [] };
    };
    for await (const page of tokenPages(getPage, nextScimStartIndex(count), first)) yield* page.items as ScimUser[];
  }

  /**
   * All users matching the query, as one list (rejects, discarding what it had, on error).
   *
   * @example
   * ```ts
   * const users = await scim.listUsers({ filter: 'externalId eq "00ujl29u0le5T6Aj10h7"' });
   * ```
   */
  async listUsers(query: ScimUserQuery = {}): Promise<ScimUser[]> {
    const users: ScimUser[] = [];
    for await (const user of this.iterUsers(query)) users.push(user);
    return users;
  }

  /** GET and decode: the JSON body (`null` when empty). @throws HttpError on a non-success status */
  jget<T = never, P extends PathHint<ScimApiTypes, 'GET'> = PathHint<ScimApiTypes, 'GET'>>(
    url: P,
    options?: ScimOptions<Ep<ScimApiTypes, 'GET', P>>,
  ): Promise<ScimResult<T, Ep<ScimApiTypes, 'GET', P>>>;
  jget<T = unknown>(url: string, options?: RequestOptions): Promise<T | null> {
    return this.requestJson<T>('GET', url, options);
  }

  /** POST and decode (`options.json` is the body). @throws HttpError on a non-success status */
  jpost<T = never, P extends PathHint<ScimApiTypes, 'POST'> = PathHint<ScimApiTypes, 'POST'>>(
    url: P,
    options?: ScimOptions<Ep<ScimApiTypes, 'POST', P>>,
  ): Promise<ScimResult<T, Ep<ScimApiTypes, 'POST', P>>>;
  jpost<T = unknown>(url: string, options?: RequestOptions): Promise<T | null> {
    return this.requestJson<T>('POST', url, options);
  }

  /** PUT and decode. @throws HttpError on a non-success status */
  jput<T = never, P extends PathHint<ScimApiTypes, 'PUT'> = PathHint<ScimApiTypes, 'PUT'>>(
    url: P,
    options?: ScimOptions<Ep<ScimApiTypes, 'PUT', P>>,
  ): Promise<ScimResult<T, Ep<ScimApiTypes, 'PUT', P>>>;
  jput<T = unknown>(url: string, options?: RequestOptions): Promise<T | null> {
    return this.requestJson<T>('PUT', url, options);
  }

  /** PATCH (SCIM `PatchOp`) and decode; `null` for 204. @throws HttpError on a non-success status */
  jpatch<T = never, P extends PathHint<ScimApiTypes, 'PATCH'> = PathHint<ScimApiTypes, 'PATCH'>>(
    url: P,
    options?: ScimOptions<Ep<ScimApiTypes, 'PATCH', P>>,
  ): Promise<ScimResult<T, Ep<ScimApiTypes, 'PATCH', P>>>;
  jpatch<T = unknown>(url: string, options?: RequestOptions): Promise<T | null> {
    return this.requestJson<T>('PATCH', url, options);
  }

  /** DELETE and decode; `null` for 204. @throws HttpError on a non-success status */
  jdelete<T = never, P extends PathHint<ScimApiTypes, 'DELETE'> = PathHint<ScimApiTypes, 'DELETE'>>(
    url: P,
    options?: ScimOptions<Ep<ScimApiTypes, 'DELETE', P>>,
  ): Promise<ScimResult<T, Ep<ScimApiTypes, 'DELETE', P>>>;
  jdelete<T = unknown>(url: string, options?: RequestOptions): Promise<T | null> {
    return this.requestJson<T>('DELETE', url, options);
  }

  #listResponse(response: Response, text: string): ScimListResponse {
    const decoded = decodeJsonBody(text, { emptyIsNull: false });
    if (!decoded.ok) {
      const detail = 'API responded with a body that is not valid JSON';
      throw this.httpError({ method: 'GET', url: response.url, response, body: text, detail, code: 'ERR_NOT_JSON' });
    }
    const page = decoded.value;
    const resources = (page as ScimListResponse | null)?.Resources;
    if (!isPlainObject(page) || (resources !== undefined && !Array.isArray(resources))) {
      throw this.httpError({
        method: 'GET',
        url: response.url,
        response,
        body: text,
        detail: 'API responded with a body that is not a SCIM list response',
      });
    }
    return page as ScimListResponse;
  }
}
