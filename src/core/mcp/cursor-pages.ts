/** A list page's items (under `key`) and the cursor of the next page, `undefined` after the last. */
export function listPage<T>(
  method: string,
  key: string,
  result: unknown,
): { readonly items: readonly T[]; readonly cursor: string | undefined } {
  const page = result as Record<string, unknown> | null;
  const items = page?.[key];
  if (!Array.isArray(items)) throw new TypeError(`${method}: the result has no ${key} array`);
  const next = page?.nextCursor;
  return { items: items as T[], cursor: typeof next === 'string' && next !== '' ? next : undefined };
}

/** A server that sends a cursor twice would have the client list forever. */
export function repeatedCursorError(method: string, cursor: string): TypeError {
  return new TypeError(`${method}: the server sent cursor ${JSON.stringify(cursor)} twice`);
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
