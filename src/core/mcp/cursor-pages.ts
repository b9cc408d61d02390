/**
 * MCP list results page by page: `tools/list`, `resources/list` and `prompts/list` take
 * the `nextCursor` of the page before, until a page has none.
 *
 * @module
 */
import type { JsonRpcSuccess } from './json-rpc.js';

/** Sends one list request (the client's `call`). */
export type ListCaller = (
  method: string,
  params?: Readonly<Record<string, unknown>>,
) => Promise<JsonRpcSuccess<unknown>>;

/**
 * The items of every page, fetched as they are needed.
 *
 * @param key - the result member holding the items (`tools`, `resources`, `prompts`)
 * @throws TypeError when a page has no array under `key`, or a cursor repeats (a server that would page forever)
 * @example
 * ```ts
 * for await (const tool of cursorPages<McpTool>(call, 'tools/list', 'tools')) console.log(tool.name);
 * ```
 */
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
