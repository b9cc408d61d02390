import { withListBrackets, type QueryParams, type QueryValue } from '../../request/query.js';
import { styledParams } from './declared-requirements.js';
import type { RestPolicy } from './policy.js';
import type { QueryStyle } from './table-types.js';

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
