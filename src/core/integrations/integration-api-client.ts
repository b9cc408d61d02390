import type { HttpMethod, ApiClientOptions } from '../client/api-client.js';
import type { RestApiTables } from '../rest/endpoints/tables.js';
import { withApiClientOptionNames } from '../client/client-options.js';
import { checkedOptions } from '../client/internal-options.js';
import { checkOptionNames, type OptionNames } from '../client/option-names.js';
import { authForType, isTokenProvider, type AuthMethod, type AuthType } from '../auth/auth-methods.js';
import type { TokenProvider } from '../auth/token-provider.js';
import { RestApiV2BaseClient } from '../rest/rest-api-v2-base-client.js';
import { regionalBaseUrl } from '../client/regions.js';
import type { ApiTypes, UntypedApi } from '../types/api-types.js';

// The bundled clients' descriptors are generated from each API's description (`npm run generate`).
/** `'any'`: the caller chooses with `authType`, as with `RestApiV2Client`; `'token'`/`'bearer'` force that kind. */
export type IntegrationAuthRule = 'any' | 'token' | 'bearer';

/** The fixed facts of one integration API, as typed data. */
export interface IntegrationApiDescriptor {
  /** The base URL: the API's host plus its integration-specific base path. */
  readonly baseUrl: string;
  /** The HTTP methods the API accepts; any other is refused before a request. */
  readonly permittedMethods: readonly HttpMethod[];
  /** Headers every request carries (per-client secrets such as a signature are added by the client). */
  readonly defaultHeaders: Readonly<Record<string, string>>;
  /** How the credential is sent. */
  readonly authRule: IntegrationAuthRule;
  /** The canonical paths, cursor-paginated paths, wrapper exceptions and indexes of the API. */
  readonly tables: RestApiTables;
}

// Each integration client is this class with its own descriptor: the integration APIs differ only in data.
/** Options of the integration clients that let the caller choose how the credential is sent. */
export interface IntegrationApiClientOptions extends ApiClientOptions {
  /** `'token'`, `'oauth2'`/`'bearer'` or `'header_passthru'`, where the API allows a choice. @default 'token' */
  authType?: AuthType;
}

export const INTEGRATION_API_CLIENT_OPTION_NAMES: OptionNames<IntegrationApiClientOptions> =
  /* @__PURE__ */ withApiClientOptionNames({
    authType: true,
  });

/** Options of the integration clients whose API accepts one kind of credential only. */
export type FixedAuthIntegrationApiClientOptions = Omit<IntegrationApiClientOptions, 'authType'>;

export function integrationAuth(
  rule: IntegrationAuthRule,
  credential: string | TokenProvider,
  authType: AuthType | undefined,
): AuthMethod {
  if (rule === 'any') return authForType(credential, authType);
  if (rule === 'token' && isTokenProvider(credential)) {
    throw new TypeError('this integration API accepts only API keys (token auth), not a token provider');
  }
  const accepted: readonly AuthType[] = rule === 'bearer' ? ['bearer', 'oauth2'] : ['token'];
  if (authType !== undefined && !accepted.includes(authType)) {
    throw new TypeError(`this integration API accepts only ${rule} auth, not authType ${JSON.stringify(authType)}`);
  }
  return authForType(credential, rule);
}

/**
 * The base of the integration clients: the REST features (canonical paths, wrapping, r- and j-methods,
 * pagination) over a descriptor's tables, base URL, methods, headers and auth rule.
 * @typeParam A - the API's generated types, which type calls from their paths
 */
export class IntegrationApiClient<A extends ApiTypes = UntypedApi> extends RestApiV2BaseClient<A> {
  /** The facts of this client's API (base URL, methods, headers, auth rule, tables). @internal */
  readonly descriptor: IntegrationApiDescriptor;

  /**
   * @param descriptor - the API's descriptor
   * @param credential - the API key or OAuth token, or a {@link TokenProvider} of OAuth tokens
   * @param options - engine options and, where the API allows a choice, `authType`
   */
  constructor(
    descriptor: IntegrationApiDescriptor,
    credential: string | TokenProvider,
    options: IntegrationApiClientOptions = {},
  ) {
    checkOptionNames('IntegrationApiClient', options, INTEGRATION_API_CLIENT_OPTION_NAMES);
    const { authType, baseUrl, ...engine } = options;
    const auth = integrationAuth(descriptor.authRule, credential, authType);
    const provider = auth.kind === 'token-provider' ? auth.provider : undefined;
    const url = baseUrl ?? regionalBaseUrl(descriptor.baseUrl, engine.region, provider);
    super(auth, checkedOptions({ ...engine, baseUrl: url, tables: descriptor.tables }));
    this.descriptor = descriptor;
  }

  /** The methods the API accepts, from its descriptor. */
  override get permittedMethods(): readonly HttpMethod[] {
    return this.descriptor.permittedMethods;
  }

  /** The engine's headers with the API's own over them. */
  protected override defaultHeaders(): Record<string, string> {
    return { ...super.defaultHeaders(), ...this.descriptor.defaultHeaders };
  }
}
