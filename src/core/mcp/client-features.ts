import { isPlainObject } from '../plain-object.js';
import type { JsonRpcRequest } from './json-rpc.js';

/** The flat object schema of a form-mode elicitation. */
export interface McpElicitationSchema {
  /** Always `'object'`. */
  type: 'object';
  /** Each field's schema (a string, number, integer, boolean or enum, with an optional `default`). */
  properties?: Record<string, unknown>;
  /** The fields that must be filled. */
  required?: string[];
}

/** An `elicitation/create` request's parameters: form mode (a schema to fill) or URL mode (a page to visit). */
export interface McpElicitationRequest {
  /** `form` (the default) or `url`. */
  mode?: 'form' | 'url';
  /** What to tell the user. */
  message: string;
  /** Form mode: a flat object schema of what to ask for (each property may have a `default`). */
  requestedSchema?: McpElicitationSchema;
  /** URL mode: the page the user should open. */
  url?: string;
  /** URL mode: the id the server's completion notification names. */
  elicitationId?: string;
}

/** The answer to an elicitation. */
export interface McpElicitationResult {
  /** The user accepted (with `content` in form mode), declined, or dismissed the request. */
  action: 'accept' | 'decline' | 'cancel';
  /** Form mode, accepted: the values; properties left out get the schema's defaults. */
  content?: Record<string, string | number | boolean | string[]>;
}

/** A root the client offers the server (`roots/list`). */
export interface McpRoot {
  /** A `file://` URI. */
  uri: string;
  /** A name for display. */
  name?: string;
}

/** What the client answers the server's requests with: the options of the same names. */
export interface ClientFeatures {
  readonly onElicitation?: (request: McpElicitationRequest) => McpElicitationResult | Promise<McpElicitationResult>;
  readonly onSampling?: (params: Readonly<Record<string, unknown>>) => unknown;
  readonly roots?: readonly McpRoot[];
}

/** The capabilities `initialize` declares for the features given (merged under the caller's own). */
export function featureCapabilities(features: ClientFeatures): Record<string, unknown> {
  const capabilities: Record<string, unknown> = {};
  if (features.onElicitation) capabilities.elicitation = { form: {}, url: {} };
  if (features.onSampling) capabilities.sampling = {};
  if (features.roots) capabilities.roots = { listChanged: false };
  return capabilities;
}

/** Form mode: every property the answer left out that has a `default` in the schema gets it (SEP-1034). */
export function withSchemaDefaults(
  result: McpElicitationResult,
  schema: McpElicitationRequest['requestedSchema'],
): McpElicitationResult {
  if (result.action !== 'accept' || !isPlainObject(schema?.properties)) return result;
  const content: Record<string, unknown> = { ...result.content };
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!(name in content) && isPlainObject(property) && 'default' in property) content[name] = property.default;
  }
  return { ...result, content: content as McpElicitationResult['content'] };
}

/**
 * The answer of a feature the client has to a server request, `undefined` when it has none for it.
 * A handler that returns nothing answers as the specification's default: an elicitation is declined.
 */
export async function answerFeature(request: JsonRpcRequest, features: ClientFeatures): Promise<unknown> {
  const params = request.params ?? {};
  if (request.method === 'elicitation/create' && features.onElicitation) {
    const asked = params as unknown as McpElicitationRequest;
    const result = (await features.onElicitation(asked)) ?? { action: 'decline' };
    return asked.mode === 'url' ? result : withSchemaDefaults(result, asked.requestedSchema);
  }
  if (request.method === 'sampling/createMessage' && features.onSampling) return features.onSampling(params);
  if (request.method === 'roots/list' && features.roots) return { roots: features.roots.map((root) => ({ ...root })) };
  return undefined;
}
