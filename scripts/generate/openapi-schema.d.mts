// Types of openapi-schema.mjs (for the TypeScript tests; the generator is plain JavaScript).

export declare const OPERATION_METHODS: readonly string[];

export interface ObjectView {
  type: string | undefined;
  properties: Record<string, unknown>;
  required: string[];
  alternatives: boolean;
}

export interface OperationEntry {
  method: string;
  path: string;
  pathItem: Record<string, unknown>;
  operation: Record<string, unknown>;
}

export declare function resolveRef(extract: object, node: unknown): unknown;
export declare function objectView(extract: object, schema: unknown): ObjectView;
export declare function valueKind(extract: object, schema: unknown): string;
export declare function holdsEntity(extract: object, schema: unknown): boolean;
export declare function operationParameters(
  extract: object,
  pathItem: object,
  operation: object,
): Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
export declare function jsonRequestBody(
  extract: object,
  operation: object,
): { schema: unknown; required: boolean } | null;
export declare function successResponses(
  extract: object,
  operation: object,
): Array<{ status: string; schema: unknown | null }>;
export declare function operationsOf(extract: object): OperationEntry[];
