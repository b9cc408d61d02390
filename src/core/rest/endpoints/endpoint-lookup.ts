import type { ApiClient } from '../../client/api-client.js';
import type { FailureFacts, RefusalFailure } from '../../errors/failure-details.js';
import type { QueryParams } from '../../request/query.js';
import { CanonicalPathMemo, urlPathOf } from './canonical-path.js';
import type { CompiledTables } from './compiled-tables.js';
import { operationKey } from './declared-requirements.js';
import { indexTarget, specialisedProblem, wrapperPairFor, wrapperPathFor } from './endpoint-resolution.js';
import type { EntityWrapperPair } from './entity-wrappers.js';
import { acceptsResourceObject, type RestPolicy } from './policy.js';
import { targetUrl, type ResourceTarget } from './resource-target.js';
import type { CanonicalPath, QueryStyle } from './table-types.js';

export class EndpointLookup {
  /** The client's tables, compiled. */
  readonly compiled: CompiledTables;
  /** The client's policy (frozen). */
  readonly policy: RestPolicy;
  readonly paths: CanonicalPathMemo;
  // The client's base URL is settable: read at each call.
  readonly #client: Pick<ApiClient, 'url' | 'normalizeUrl'>;
  readonly #urlError: RefusalFailure;
  readonly #headerRoots: ReadonlySet<string>;
  readonly #styledNames: ReadonlySet<string>;

  constructor(
    compiled: CompiledTables,
    policy: RestPolicy,
    client: Pick<ApiClient, 'url' | 'normalizeUrl'>,
    urlError: RefusalFailure,
    paths = new CanonicalPathMemo(compiled.paths),
  ) {
    this.paths = paths;
    this.compiled = compiled;
    this.policy = policy;
    this.#client = client;
    this.#urlError = urlError;
    this.#headerRoots = new Set([...compiled.declaredHeaders.keys()].map((key) => key.split('/')[1]));
    this.#styledNames = new Set([...compiled.queryStyles.values()].flatMap((styles) => Object.keys(styles)));
  }

  /** The headers the operation of a request declares (the early-access header), when the policy honours them. */
  declaredHeaders(method: string, url: string): Readonly<Record<string, string>> | undefined {
    // Most requests name none of these paths: a substring test spares them the URL's parsing.
    if (!mentionsAny(url, this.#headerRoots)) return undefined;
    return this.#declared(this.compiled.declaredHeaders, method, url, (urlPath) =>
      this.#headerRoots.has(urlPath.split('/')[1]),
    );
  }

  queryStyles(
    method: string | undefined,
    url: string | undefined,
    params: QueryParams,
  ): Readonly<Record<string, QueryStyle>> | undefined {
    if (method === undefined || url === undefined || !Object.keys(params).some((name) => this.#styledNames.has(name)))
      return undefined;
    return this.#declared(this.compiled.queryStyles, method, url, () => true);
  }

  #declared<V>(
    table: ReadonlyMap<string, V>,
    method: string,
    url: string,
    worthLooking: (urlPath: string) => boolean,
  ): V | undefined {
    if (!this.policy.declaredRequirements || table.size === 0) return undefined;
    let urlPath: string;
    try {
      urlPath = this.urlPath(url);
    } catch {
      return undefined; // a foreign URL: the request itself refuses it
    }
    if (!worthLooking(urlPath)) return undefined;
    const key = operationKey(this.compiled, method, urlPath);
    return key === null ? undefined : table.get(key);
  }

  /** The path of a URL below the base URL (a foreign URL is refused). */
  urlPath(url: string): string {
    return urlPathOf(this.#client.url, this.#client.normalizeUrl(url));
  }

  /** Builds (does not throw) the `UrlError` of a URL or path the client refuses. */
  urlError(message: string, facts?: FailureFacts): Error {
    return this.#urlError(message, facts);
  }

  /** Builds the refusals of a URL the caller gave, naming it in their facts. */
  urlRefusal(requestedUrl: string): RefusalFailure {
    return (message, facts) => this.urlError(message, facts && { ...facts, requestedUrl });
  }

  /** The canonical path of a URL or path. @throws UrlError when none matches, or two match equally well */
  canonicalPath(url: string): CanonicalPath {
    return this.paths.match(this.urlPath(url), this.urlRefusal(url));
  }

  /** The wrappers of an endpoint under the policy (see `wrapperPairFor`). */
  wrapperPair(method: string, path: CanonicalPath): EntityWrapperPair {
    return wrapperPairFor(this.compiled, this.policy, method, path, (message) => this.urlError(message));
  }

  /** The path whose wrappers apply to a request to a URL under the policy (see `wrapperPathFor`). */
  wrapperPath(url: string): CanonicalPath {
    const urlPath = this.urlPath(url);
    if (this.policy.wrappers === 'config') return this.paths.match(urlPath, this.urlRefusal(url));
    return wrapperPathFor(this.compiled, this.policy, urlPath, this.urlRefusal(url));
  }

  /** The URL of a target; a resource object stands for its `self` URL when the policy lets it. */
  target(target: ResourceTarget, method: string): string {
    // A URL, nearly always: nothing to look up, no refusal to prepare.
    if (typeof target === 'string') return target;
    return targetUrl(target, acceptsResourceObject(this.policy, method), method, (message) => this.urlError(message));
  }

  /** The list wrapper of a pageable index (see `indexTarget`); `method` is named in errors. */
  indexWrapper(url: string, method: string): string {
    return indexTarget(this.compiled, this.policy, this.urlPath(url), method, (message) => this.urlError(message))
      .wrapper;
  }

  /** The `UrlError` naming the right method when `path` pages in its own style, else `undefined`. */
  specialisedRefusal(path: CanonicalPath, method: string): Error | undefined {
    const problem = specialisedProblem(this.compiled, path, method);
    return problem === undefined ? undefined : this.urlError(problem);
  }
}

function mentionsAny(url: string, roots: ReadonlySet<string>): boolean {
  for (const root of roots) if (url.includes(root)) return true;
  return false;
}
