/**
 * What sets one integration API apart from another: its host and base path, the methods
 * it permits, the headers it expects, how it authenticates, and its path tables. The
 * descriptors of the bundled clients are generated from each API's official description
 * (`npm run generate`).
 *
 * @module
 */
import type { HttpMethod } from '../client/api-client.js';
import type { RestApiTables } from '../rest/endpoints/table-types.js';

/**
 * How an integration API authenticates: `'any'` lets the caller choose with `authType`
 * (as `RestApiV2Client`); `'token'` and `'bearer'` force that kind (the API accepts no other).
 */
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
