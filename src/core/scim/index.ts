/**
 * The SCIM API client, with `startIndex`/`count` paging over `/Users`.
 *
 * @module
 */
export { SCIM_BASE_URL, SCIM_MEDIA_TYPE, ScimApiClient } from './scim-api-client.js';
export type { ScimApiClientOptions, ScimUserQuery } from './scim-api-client.js';
export { nextStartIndex } from './scim-pagination.js';
export type { ScimListResponse } from './scim-pagination.js';
