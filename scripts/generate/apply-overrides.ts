// Applying reviewed override rows (rest-overrides.ts, integration-overrides.ts) to
// derived operation facts. Pure.

/** A reviewed override of derived operation facts. */
export interface OverrideRow {
  /** A short stable name for the decision. */
  id: string;
  /** `'<METHOD> <path as in the description>'`. */
  operation: string;
  /** The facts to replace (see {@link OVERRIDABLE_FIELDS}). */
  set: Record<string, unknown>;
  /** Why. */
  reason: string;
}

/** The facts an override row may replace. */
export const OVERRIDABLE_FIELDS = Object.freeze([
  'hasResponseBody',
  'requestWrapper',
  'responseWrapper',
  'pagination',
  'listKey',
  'maxPageSize',
  'moreField',
  'historical',
  'specialisedIterator',
]);

/**
 * The operations with each row applied: its `set` fields replace the derived ones and its
 * id is added to the operation's `overrides`. The input is not changed.
 *
 * @throws Error for a row that names no operation (or two), sets an unknown field, lacks a
 *   reason, or repeats an id
 */
export function applyOverrides<T extends { method: string; path: string; describedPath?: string; overrides: string[] }>(
  operations: readonly T[],
  rows: readonly OverrideRow[],
): T[] {
  const out = operations.map((operation) => ({ ...operation, overrides: [...operation.overrides] }));
  const ids = new Set();
  for (const row of rows) {
    if (typeof row.id !== 'string' || ids.has(row.id))
      throw new Error(`override id ${JSON.stringify(row.id)} is missing or repeated`);
    ids.add(row.id);
    if (typeof row.reason !== 'string' || row.reason.trim() === '') throw new Error(`override ${row.id} has no reason`);
    const unknown = Object.keys(row.set ?? {}).filter((field) => !OVERRIDABLE_FIELDS.includes(field));
    if (unknown.length > 0) throw new Error(`override ${row.id} sets unknown fields: ${unknown.join(', ')}`);
    const matches = out.filter(
      (operation) => `${operation.method} ${operation.describedPath ?? operation.path}` === row.operation,
    );
    if (matches.length !== 1) {
      throw new Error(
        `override ${row.id} names ${row.operation}, which is ` +
          (matches.length === 0 ? 'not an operation of the description' : 'ambiguous'),
      );
    }
    Object.assign(matches[0], row.set);
    matches[0].overrides.push(row.id);
  }
  return out;
}
