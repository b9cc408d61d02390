/**
 * Query parameters as the REST API v2 expects them.
 *
 * @module
 */
import { withListBrackets, type QueryParams, type QueryValue } from '../../request/query.js';
import { styledParams } from './declared-requirements.js';
import type { RestPolicy } from './policy.js';
import type { QueryStyle } from './table-types.js';

/**
 * The query parameters to send: with `[]` appended to list-valued keys that lack it when
 * the policy says so, otherwise an unchanged copy. The parameters of `styles` (the
 * operation's declared query styles, when the caller knows the operation) go out as
 * declared instead: `sort_by=a,b`, `ids=A&ids=B`. The caller's object is never changed.
 *
 * @example
 * ```ts
 * restQueryParams({ statuses: ['triggered'], 'team_ids[]': ['T1'] }, DEFAULT_REST_POLICY);
 * // { 'statuses[]': ['triggered'], 'team_ids[]': ['T1'] }
 * ```
 */
export function restQueryParams(
  params: QueryParams,
  policy: Pick<RestPolicy, 'appendListBrackets'>,
  styles?: Readonly<Record<string, QueryStyle>>,
): QueryParams {
  if (styles === undefined) return policy.appendListBrackets ? withListBrackets(params) : { ...params };
  const { params: styled, bare } = styledParams(params, styles);
  if (!policy.appendListBrackets) return styled;
  const out: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(styled)) {
    out[Array.isArray(value) && !key.endsWith('[]') && !bare.has(key) ? `${key}[]` : key] = value;
  }
  return out;
}
