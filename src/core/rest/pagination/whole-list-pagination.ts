import type { QueryParams } from '../../request/query.js';
import type { FetchedPage } from './pages.js';

/** How {@link wholeListPages} asks. */
export interface WholeListOptions {
  /** The caller's query parameters; a `limit` among them wins over `pageSize`. */
  readonly params: QueryParams;
  /** The `limit` sent when `sendLimit` (the index takes one) and `params` has none. */
  readonly pageSize: number;
  /** Whether the index takes a `limit` parameter. */
  readonly sendLimit: boolean;
  /** `'GET /sre_agent/memories'`, for messages. */
  readonly endpoint: string;
  /** Where the warning about a full page goes. */
  readonly warn: (message: string) => void;
}

// A page as long as the `limit` sent may not be the whole list; nothing more can be asked, so it warns.
export async function* wholeListPages(
  fetchPage: (params: QueryParams) => Promise<FetchedPage>,
  options: WholeListOptions,
): AsyncGenerator<FetchedPage, void, undefined> {
  const { params, pageSize, sendLimit, endpoint, warn } = options;
  const query: QueryParams = sendLimit ? { limit: pageSize, ...params } : params;
  const page = await fetchPage(query);
  yield page;
  if (sendLimit && page.items.length >= Number(query.limit)) {
    warn(
      `${endpoint} answered a full page (${page.items.length} items, the limit sent) and has no way to ask for the ` +
        'next one, so the list may be incomplete: narrow the query with filters.',
    );
  }
}
