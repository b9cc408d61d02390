/**
 * Query parameters as the REST API v2 expects them.
 *
 * @module
 */
import { withListBrackets, type QueryParams } from '../../request/query.js';
import type { RestPolicy } from './policy.js';

/**
 * The query parameters to send: with `[]` appended to list-valued keys that lack it when
 * the policy says so, otherwise an unchanged copy. The caller's object is never changed.
 *
 * @example
 * ```ts
 * restQueryParams({ statuses: ['triggered'], 'team_ids[]': ['T1'] }, DEFAULT_REST_POLICY);
 * // { 'statuses[]': ['triggered'], 'team_ids[]': ['T1'] }
 * ```
 */
export function restQueryParams(params: QueryParams, policy: Pick<RestPolicy, 'appendListBrackets'>): QueryParams {
  return policy.appendListBrackets ? withListBrackets(params) : { ...params };
}
