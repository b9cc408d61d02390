import type { ApiClient, HttpMethod, RequestOptions } from '../../client/api-client.js';
import { checkRequestOptions } from '../../client/request-options.js';
import type { RequestContext, ResponseDetails } from '../../errors/failure-details.js';
import { decodeJsonBody } from '../../errors/json-body.js';
import type { FetchResponse as Response } from '../../transport/fetch-types.js';
import type { DecodedResponse } from '../rest-options.js';
import { refuseBodyOnGet } from './body-on-get.js';
import { unwrapBody, wrapBodyWithFields } from './body-wrapping.js';
import type { EndpointLookup } from './endpoint-lookup.js';
import type { EntityWrapperPair } from './entity-wrappers.js';
import type { ResourceTarget } from './resource-target.js';
import type { CanonicalPath } from './table-types.js';

// Every request goes through `client` or `exchangeJson`, so that overrides see it.
export interface EntityRequestClient {
  /** The client's public methods the exchanges call. */
  readonly client: Pick<ApiClient, 'requestJson' | 'delete' | 'httpError'> & {
    entityWrappers(method: string, path: CanonicalPath): EntityWrapperPair;
  };
  /** The client's endpoint lookup: targets and the paths whose wrappers apply. */
  readonly endpoints: Pick<EndpointLookup, 'target' | 'wrapperPath' | 'policy'>;
  /** The client's `exchangeJson`. */
  exchangeJson(method: string, url: string, init?: RequestOptions, context?: RequestContext): Promise<DecodedResponse>;
  /** The client's `unexpectedResponse`. */
  unexpectedResponse(method: string, response: Response, text: string, detail: string, facts?: ResponseDetails): Error;
}

export function decodeJsonResponse(
  host: Pick<EntityRequestClient, 'unexpectedResponse'>,
  method: string,
  sent: { response: Response; text: string },
  context?: RequestContext,
): DecodedResponse {
  const { response, text } = sent;
  const onInvalid = (): Error =>
    host.unexpectedResponse(method, response, text, 'API responded with a body that is not valid JSON', {
      ...context,
      reason: 'not-json',
    });
  return { response, text, body: decodeJsonBody(text, onInvalid) };
}

export async function jsonRequest<T>(
  host: EntityRequestClient,
  method: HttpMethod,
  name: string,
  target: ResourceTarget,
  init?: RequestOptions,
): Promise<T> {
  refuseBodyOnGet(method, name, init);
  return (await host.client.requestJson<T>(method, host.endpoints.target(target, name), init)) as T;
}

export async function entityRequest<T>(
  host: EntityRequestClient,
  method: HttpMethod,
  name: string,
  target: ResourceTarget,
  init: RequestOptions = {},
): Promise<T> {
  refuseBodyOnGet(method, name, init);
  const url = host.endpoints.target(target, name);
  const [requestWrapper, responseWrapper] = host.client.entityWrappers(method, host.endpoints.wrapperPath(url));
  const send = withWrappedBody(init, requestWrapper, host.endpoints.policy.wrappedWhen, name);
  const { response, text, body } = await host.exchangeJson(method, url, send);
  if (text.trim() === '') return null as T;
  const unwrapped = unwrapBody(body, responseWrapper);
  if (unwrapped.ok) return unwrapped.value as T;
  const detail = `API responded with a body without its wrapper: ${unwrapped.problem}`;
  throw host.unexpectedResponse(method, response, text, detail, {
    reason: 'missing-key',
    expected: responseWrapper ?? undefined,
  });
}

export async function entityDelete(
  host: EntityRequestClient,
  target: ResourceTarget,
  init?: RequestOptions,
): Promise<Response> {
  checkRequestOptions(init);
  const url = host.endpoints.target(target, 'rdelete');
  const wrapper = (): string | null => host.client.entityWrappers('DELETE', host.endpoints.wrapperPath(url))[0];
  const { wrapDeleteBody, wrappedWhen } = host.endpoints.policy;
  const bodyless = init === undefined || (init.json === undefined && init.extraFields === undefined);
  const send = bodyless || !wrapDeleteBody ? init : withWrappedBody(init, wrapper(), wrappedWhen, 'rdelete');
  // Through `delete`, as both predecessors did, so that an override of it sees the call.
  const response = await host.client.delete(url, send === undefined ? undefined : { ...send });
  if (response.status >= 200 && response.status < 300) return response;
  throw host.client.httpError({ method: 'DELETE', url: response.url, response, body: await response.text() });
}

function withWrappedBody(
  init: RequestOptions,
  wrapper: string | null,
  wrappedWhen: 'only-key' | 'has-key',
  name: string,
): RequestOptions {
  if (init.json === undefined && init.extraFields === undefined) return init;
  const { extraFields, ...rest } = init;
  return { ...rest, json: wrapBodyWithFields(init.json, extraFields, wrapper, wrappedWhen, name) };
}
