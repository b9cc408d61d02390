/**
 * The shapes of the generated operation table (`src/generated/emulator/`): one described
 * operation, and the compact schemas it names.
 *
 * @module
 */

/** A compact JSON Schema (the OpenAPI 3.0 keywords that decide what a value may be). */
export interface SchemaNode {
  /** The name of a schema of the extract, in place of the rest. */
  $ref?: string;
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  required?: string[];
  enum?: unknown[];
  format?: string;
  nullable?: boolean;
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  additionalProperties?: boolean | SchemaNode;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  readOnly?: boolean;
  default?: unknown;
}

/** A query parameter an operation declares. */
export interface QueryParameter {
  /** Its name as sent (`include[]` keeps its brackets). */
  name: string;
  /** Whether the operation refuses a request without it. */
  required?: boolean;
  /** What its value may be. */
  schema: SchemaNode;
}

/** One operation of the REST API v2 description. */
export interface EmulatedOperation {
  /** The description's `operationId`. */
  id: string;
  /** The HTTP method. */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path template, e.g. `/services/{id}/integrations/{integration_id}`. */
  path: string;
  /** The success status (the lowest 2xx declared); none when the description declares none. */
  status?: number;
  /** The schema of the success answer's JSON body, when it has one. */
  response?: SchemaNode;
  /** The schema of the JSON request body, when it takes one. */
  body?: SchemaNode;
  /** Whether the body is required. */
  bodyRequired?: boolean;
  /** The query parameters. */
  query?: QueryParameter[];
  /** The path parameters the description narrows (an enum, a number). */
  pathParameters?: QueryParameter[];
  /** The pagination the operation declares (`offset` and `limit`, or `cursor`). */
  paging?: 'offset' | 'cursor';
}
