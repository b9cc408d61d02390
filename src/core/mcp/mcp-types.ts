/** An icon of a tool, a server, a resource or a prompt (2025-11-25). */
export interface McpIcon {
  /** Its URL (`https:` or a `data:` URI). */
  src: string;
  /** Its media type (`image/png`, `image/svg+xml`, ...). */
  mimeType?: string;
  /** The sizes it is drawn for (`48x48`, `any`). */
  sizes?: string[];
  /** The theme it is drawn for. */
  theme?: 'light' | 'dark';
}

/** The name and version of an MCP implementation (`clientInfo`, `serverInfo`). */
export interface McpImplementation {
  /** Its programmatic name. */
  name: string;
  /** Its version. */
  version: string;
  /** A name for display. */
  title?: string;
  /** Icons for display (2025-11-25). */
  icons?: McpIcon[];
}

/** Hints about what a tool does; not guaranteed by the server. */
export interface McpToolAnnotations {
  /** A name for display. */
  title?: string;
  /** The tool does not change its environment. */
  readOnlyHint?: boolean;
  /** The tool may destroy or overwrite (meaningful when not read-only). */
  destructiveHint?: boolean;
  /** Calling it again with the same arguments has no further effect. */
  idempotentHint?: boolean;
  /** The tool reaches entities outside the server (the web, ...). */
  openWorldHint?: boolean;
}

/** A JSON Schema of an object (a tool's arguments or structured result). */
export interface McpObjectSchema {
  /** Always `'object'`. */
  type: 'object';
  /** The schema of each property. */
  properties?: Record<string, unknown>;
  /** The properties that must be present. */
  required?: string[];
}

/** A tool the server offers (`tools/list`). */
export interface McpTool {
  /** The name `callTool` takes. */
  name: string;
  /** A name for display. */
  title?: string;
  /** What it does, for a model to read. */
  description?: string;
  /** A JSON Schema of its arguments. */
  inputSchema: McpObjectSchema;
  /** A JSON Schema of its `structuredContent`, when it has one. */
  outputSchema?: McpObjectSchema;
  /** Hints about its behaviour. */
  annotations?: McpToolAnnotations;
  /** Icons for display (2025-11-25). */
  icons?: McpIcon[];
}

/** The contents of a resource as text. */
export interface McpTextResourceContents {
  /** The resource's URI. */
  uri: string;
  /** Its media type. */
  mimeType?: string;
  /** The text. */
  text: string;
}

/** The contents of a resource as binary data. */
export interface McpBlobResourceContents {
  /** The resource's URI. */
  uri: string;
  /** Its media type. */
  mimeType?: string;
  /** The data, base64-encoded. */
  blob: string;
}

/** Text content. */
export interface McpTextContent {
  /** Discriminant. */
  type: 'text';
  /** The text. */
  text: string;
}

/** An image or an audio clip. */
export interface McpMediaContent {
  /** Discriminant. */
  type: 'image' | 'audio';
  /** The data, base64-encoded. */
  data: string;
  /** Its media type (`image/png`, `audio/wav`, ...). */
  mimeType: string;
}

/** A link to a resource the client may read. */
export interface McpResourceLink {
  /** Discriminant. */
  type: 'resource_link';
  /** The resource's URI. */
  uri: string;
  /** Its name. */
  name: string;
  /** What it is. */
  description?: string;
  /** Its media type. */
  mimeType?: string;
}

/** A resource's contents, embedded. */
export interface McpEmbeddedResource {
  /** Discriminant. */
  type: 'resource';
  /** The contents. */
  resource: McpTextResourceContents | McpBlobResourceContents;
}

/** A piece of content in a tool result or a prompt message. */
export type McpContentBlock = McpTextContent | McpMediaContent | McpResourceLink | McpEmbeddedResource;

/**
 * The result of `tools/call`. A tool that fails reports it here with `isError: true`
 * (not as a JSON-RPC error), so that a model can read what went wrong.
 */
export interface McpCallToolResult {
  /** What the tool returned, unstructured. */
  content: McpContentBlock[];
  /** What it returned as an object, when it has an `outputSchema`. */
  structuredContent?: Record<string, unknown>;
  /** Whether the tool failed. */
  isError?: boolean;
}

/** A resource the server can be read for (`resources/list`). */
export interface McpResource {
  /** Its URI, which `readResource` takes. */
  uri: string;
  /** Its programmatic name. */
  name: string;
  /** A name for display. */
  title?: string;
  /** What it is. */
  description?: string;
  /** Its media type. */
  mimeType?: string;
  /** Its size in bytes, when known. */
  size?: number;
}

/** The result of `resources/read`. */
export interface McpReadResourceResult {
  /** The contents (a resource may have several parts). */
  contents: (McpTextResourceContents | McpBlobResourceContents)[];
}

/** An argument a prompt takes. */
export interface McpPromptArgument {
  /** Its name. */
  name: string;
  /** What it is for. */
  description?: string;
  /** Whether it must be given. */
  required?: boolean;
}

/** A prompt template the server offers (`prompts/list`). */
export interface McpPrompt {
  /** The name `getPrompt` takes. */
  name: string;
  /** A name for display. */
  title?: string;
  /** What it is for. */
  description?: string;
  /** The arguments it takes. */
  arguments?: McpPromptArgument[];
}

/** The result of `prompts/get`. */
export interface McpGetPromptResult {
  /** What the prompt is for. */
  description?: string;
  /** The messages of the prompt. */
  messages: McpPromptMessage[];
}

/** One message of a prompt. */
export interface McpPromptMessage {
  /** Who says it. */
  role: 'user' | 'assistant';
  /** What is said. */
  content: McpContentBlock;
}

/** A progress report of a request (the params of `notifications/progress`). */
export interface McpProgress {
  /** The token the request was sent with (the client uses the request id). */
  progressToken: string | number;
  /** The progress so far; it increases with each report. */
  progress: number;
  /** The total, when known. */
  total?: number;
  /** What is happening. */
  message?: string;
}
