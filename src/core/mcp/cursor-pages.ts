import type { JsonRpcSuccess } from './json-rpc.js';

/** Sends one list request (the client's `call`). */
export type ListCaller = (
  method: string,
  params?: Readonly<Record<string, unknown>>,
) => Promise<JsonRpcSuccess<unknown>>;

export async function* cursorPages<T>(
  call: ListCaller,
  method: string,
  key: string,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const { result } = await call(method, cursor === undefined ? undefined : { cursor });
    const page = result as Record<string, unknown> | null;
    const items = page?.[key];
    if (!Array.isArray(items)) throw new TypeError(`${method}: the result has no ${key} array`);
    yield* items as T[];
    const next = page?.nextCursor;
    cursor = typeof next === 'string' && next !== '' ? next : undefined;
    if (cursor !== undefined) {
      if (seen.has(cursor)) throw new TypeError(`${method}: the server sent cursor ${JSON.stringify(cursor)} twice`);
      seen.add(cursor);
    }
  } while (cursor !== undefined);
}

/** Every item of an async iterable, in an array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
