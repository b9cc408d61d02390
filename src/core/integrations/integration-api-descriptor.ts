// The bundled clients' descriptors are generated from each API's description (`npm run generate`).
import type { HttpMethod } from '../client/api-client.js';
import type { RestApiTables } from '../rest/endpoints/tables.js';

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
