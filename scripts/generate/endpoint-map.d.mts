// Types of endpoint-map.mjs (for the TypeScript tests; the generator is plain JavaScript).

/** An operation as the endpoint map takes it: `path` is canonical, `describedPath` the description's. */
export interface EndpointOperation {
  method: string;
  path: string;
  describedPath?: string;
  requestWrapper: string | null;
  responseWrapper: string | null;
  listKey: string | null;
}

export declare const ROUTE_END: '/';
export declare const ROUTE_PLACEHOLDER: '/*';
export declare function isPlaceholder(segment: string): boolean;
export declare function splitPath(path: string): string[];
export declare function endpointMapSource(options: {
  name: string;
  title: string;
  openapiModule: string;
  extract: object;
  operations: readonly EndpointOperation[];
  basePath?: string;
  pathsWithoutOperations?: readonly string[];
}): string;
