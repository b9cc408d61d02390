// Canonical paths: matching a URL path to the API's `{placeholder}` paths (once per URL, memoised per
// client), the call-metrics key by canonical path, and the POSTs that only read.
import type { CanonicalPath } from './tables.js';
import type { CompiledTables } from './endpoint-lookup.js';
import { Refusal } from '../../errors/refusal.js';

/** One canonical path, split for matching. */
interface CompiledPattern {
  readonly path: CanonicalPath;
  /** Literal segments, `null` for a placeholder. */
  readonly segments: readonly (string | null)[];
  readonly literals: number;
}

/** Canonical paths grouped by segment count, ready for {@link matchCanonicalPath}. */
export interface CanonicalPathIndex {
  /** The patterns with each number of segments. */
  readonly bySegmentCount: ReadonlyMap<number, readonly CompiledPattern[]>;
}

/** Whether a path segment is a `{placeholder}`. */
export function isPlaceholder(segment: string): boolean {
  return segment.length > 2 && segment.startsWith('{') && segment.endsWith('}');
}

// Every placeholder written `{}`, so that `/services/{id}` and `/services/{service_id}` compare equal.
export function pathShape(path: CanonicalPath): string {
  return splitPath(path)
    .map((segment) => (isPlaceholder(segment) ? '{}' : segment))
    .reduce((shape, segment) => `${shape}/${segment}`, '');
}

/** Indexes canonical paths for matching; done once per table. */
export function compileCanonicalPaths(paths: readonly CanonicalPath[]): CanonicalPathIndex {
  const bySegmentCount = new Map<number, CompiledPattern[]>();
  for (const path of paths) {
    const segments = splitPath(path).map((segment) => (isPlaceholder(segment) ? null : segment));
    const literals = segments.filter((segment) => segment !== null).length;
    const group = bySegmentCount.get(segments.length) ?? [];
    group.push({ path, segments, literals });
    bySegmentCount.set(segments.length, group);
  }
  return { bySegmentCount };
}

// Among several matches the most literal segments win: `/users/me` over `/users/{id}`.
export function matchCanonicalPath(index: CanonicalPathIndex, urlPath: string): CanonicalPath | Refusal {
  const segments = splitPath(urlPath);
  let best: CompiledPattern[] = [];
  for (const pattern of index.bySegmentCount.get(segments.length) ?? []) {
    if (!matches(pattern, segments)) continue;
    if (best.length === 0 || pattern.literals > best[0].literals) best = [pattern];
    else if (pattern.literals === best[0].literals) best.push(pattern);
  }
  if (best.length === 0) {
    return new Refusal(`${urlPath} does not match any canonical path of this API client`, 'ERR_NO_CANONICAL_PATH');
  }
  if (best.length > 1) {
    const all = best.map((p) => p.path).join(', ');
    return new Refusal(`${urlPath} matches more than one canonical path equally well: ${all}`);
  }
  return best[0].path;
}

export function quietCanonicalPath(tables: CompiledTables, urlPath: string): CanonicalPath | null {
  const path = matchCanonicalPath(tables.paths, urlPath);
  return path instanceof Refusal ? null : path;
}

function matches(pattern: CompiledPattern, segments: readonly string[]): boolean {
  return pattern.segments.every((literal, i) => (literal === null ? segments[i] !== '' : literal === segments[i]));
}

/** The segments of a path; a leading slash and one trailing slash are ignored. */
function splitPath(path: string): string[] {
  const trimmed = path.replace(/^\//, '').replace(/\/$/, '');
  return trimmed === '' ? [] : trimmed.split('/');
}

// POSTs that only read (filters too large for a URL), so they are retried like GETs. Reviewed by hand;
// a test keeps the list inside the tables.
export const READ_ONLY_POSTS: ReadonlySet<CanonicalPath> = new Set([
  '/analytics/metrics/incidents/all',
  '/analytics/metrics/incidents/escalation_policies',
  '/analytics/metrics/incidents/escalation_policies/all',
  '/analytics/metrics/incidents/services',
  '/analytics/metrics/incidents/services/all',
  '/analytics/metrics/incidents/teams',
  '/analytics/metrics/incidents/teams/all',
  '/analytics/metrics/pd_advance_usage/features',
  '/analytics/metrics/responders/all',
  '/analytics/metrics/responders/teams',
  '/analytics/metrics/users/all',
  '/analytics/raw/incidents',
  '/analytics/raw/responders/{responder_id}/incidents',
  '/analytics/raw/users',
  '/enrichment/query',
  '/schedules/preview',
  '/templates/{id}/render',
]);
