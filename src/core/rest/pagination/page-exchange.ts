import type { RequestOptions } from '../../client/api-client.js';
import type { RequestContext, ResponseDetails } from '../../errors/failure-details.js';
import { isPlainObject } from '../../plain-object.js';
import type { QueryParams } from '../../request/query.js';
import type { EntityRequestClient } from '../endpoints/entity-requests.js';
import { pageOrThrow, readPage } from './page-reading.js';
import type { FetchedPage } from './pages.js';

/** What the page requests need of the client: its own `exchangeJson` and `unexpectedResponse`. */
export type PageExchangeHost = Pick<EntityRequestClient, 'exchangeJson' | 'unexpectedResponse'>;

export async function exchangePage(
  host: PageExchangeHost,
  method: string,
  url: string,
  init: RequestOptions,
  wrapper: string,
  check?: (body: Readonly<Record<string, unknown>>) => string | undefined,
  context?: RequestContext,
): Promise<FetchedPage> {
  const { response, text, body } = await host.exchangeJson(method, url, init, context);
  const refuse = (detail: string, facts?: ResponseDetails): Error =>
    host.unexpectedResponse(method, response, text, `API responded with a page ${detail}`, facts);
  return pageOrThrow(readPage(body, wrapper, check), wrapper, refuse, context);
}

export async function readTotal(
  host: PageExchangeHost,
  url: string,
  params: QueryParams,
  signal?: RequestOptions['signal'],
): Promise<number> {
  const { response, text, body } = await host.exchangeJson('GET', url, {
    params: { ...params, total: true, limit: 1, offset: 0 },
    signal,
  });
  if (isPlainObject(body) && typeof body.total === 'number') return body.total;
  throw host.unexpectedResponse(
    'GET',
    response,
    text,
    'API responded without a numeric "total" (no classic pagination?)',
  );
}
