import { isPlainObject } from '../plain-object.js';

/** A JSON-RPC request id. */
export type JsonRpcId = string | number;

/** A JSON-RPC 2.0 request. */
export interface JsonRpcRequest {
  /** Always `'2.0'`. */
  jsonrpc: '2.0';
  /** Matches the response to the request. */
  id: JsonRpcId;
  /** The method to invoke, such as `tools/list` or `tools/call`. */
  method: string;
  /** The method's parameters (left out when there are none). */
  params?: Readonly<Record<string, unknown>>;
}

/** A JSON-RPC 2.0 notification: a request without an id, which gets no response. */
export interface JsonRpcNotification {
  /** Always `'2.0'`. */
  jsonrpc: '2.0';
  /** The notification, such as `notifications/initialized`. */
  method: string;
  /** Its parameters (left out when there are none). */
  params?: Readonly<Record<string, unknown>>;
}

/** The `error` member of a failed JSON-RPC response. */
export interface JsonRpcErrorObject {
  /** The error code (`-32602` invalid params, `-32601` method not found, ...). */
  code: number;
  /** A short description. */
  message: string;
  /** Further detail, as the server sends it. */
  data?: unknown;
}

/** A successful JSON-RPC 2.0 response. */
export interface JsonRpcSuccess<T = unknown> {
  /** Always `'2.0'`. */
  jsonrpc: '2.0';
  /** The id of the request answered. */
  id: JsonRpcId;
  /** What the method returned. */
  result: T;
}

/** A failed JSON-RPC 2.0 response (the id is `null` when the server could not read it). */
export interface JsonRpcFailure {
  /** Always `'2.0'`. */
  jsonrpc: '2.0';
  /** The id of the request answered, or `null`. */
  id: JsonRpcId | null;
  /** What went wrong. */
  error: JsonRpcErrorObject;
}

/** A JSON-RPC 2.0 response. */
export type JsonRpcResponse<T = unknown> = JsonRpcSuccess<T> | JsonRpcFailure;

export function jsonRpcRequest(
  method: string,
  params: Readonly<Record<string, unknown>> | undefined,
  id: JsonRpcId,
): JsonRpcRequest {
  if (typeof method !== 'string' || method === '') throw new TypeError('a JSON-RPC method must be a non-empty string');
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))) {
    throw new TypeError('a JSON-RPC id must be a string or a finite number');
  }
  return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
}

export function jsonRpcNotification(method: string, params?: Readonly<Record<string, unknown>>): JsonRpcNotification {
  if (typeof method !== 'string' || method === '') throw new TypeError('a JSON-RPC method must be a non-empty string');
  return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
}

/** Whether a value is a JSON-RPC 2.0 error object (`code` integer, `message` string). */
export function isJsonRpcErrorObject(value: unknown): value is JsonRpcErrorObject {
  return isPlainObject(value) && Number.isInteger(value.code) && typeof value.message === 'string';
}

/** Whether a value is a JSON-RPC 2.0 response (a `result`, or a well-formed `error`). */
export function isJsonRpcResponse(value: unknown): value is JsonRpcResponse {
  if (!isPlainObject(value) || value.jsonrpc !== '2.0') return false;
  if ('result' in value) return typeof value.id === 'string' || typeof value.id === 'number';
  return (
    isJsonRpcErrorObject(value.error) &&
    (value.id === null || typeof value.id === 'string' || typeof value.id === 'number')
  );
}

export function jsonMessages(body: string): unknown[] {
  if (body.trim() === '') return [];
  const decoded = JSON.parse(body) as unknown;
  return Array.isArray(decoded) ? (decoded as unknown[]) : [decoded];
}

/** Whether a message is a JSON-RPC request (a method and an id): a server-to-client request on a stream. */
export function isJsonRpcRequest(value: unknown): value is JsonRpcRequest {
  return (
    isPlainObject(value) &&
    value.jsonrpc === '2.0' &&
    typeof value.method === 'string' &&
    (typeof value.id === 'string' || typeof value.id === 'number')
  );
}

/** Whether a message is a JSON-RPC notification (a method, no id). */
export function isJsonRpcNotification(value: unknown): value is JsonRpcNotification {
  return isPlainObject(value) && value.jsonrpc === '2.0' && typeof value.method === 'string' && !('id' in value);
}

// A failure with a `null` id answers any request: the server could not tell which it was.
export function findJsonRpcResponse(messages: readonly unknown[], id: JsonRpcId): JsonRpcResponse | undefined {
  const responses = messages.filter(isJsonRpcResponse);
  return responses.find((message) => message.id === id) ?? responses.find((message) => message.id === null);
}
