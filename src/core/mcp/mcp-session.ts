/** The header of the session id. */
export const SESSION_HEADER = 'Mcp-Session-Id';

/** The header of the protocol version, a MUST after initialisation (2025-06-18). */
export const VERSION_HEADER = 'MCP-Protocol-Version';

export class McpSession {
  #id: string | undefined;
  #version: string | undefined;

  /** The session id, if the server assigned one. */
  get id(): string | undefined {
    return this.#id;
  }

  /** The agreed protocol version, once initialised. */
  get version(): string | undefined {
    return this.#version;
  }

  /** The headers of a request in this session (none before `initialize`). */
  headers(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.#id !== undefined) headers[SESSION_HEADER] = this.#id;
    if (this.#version !== undefined) headers[VERSION_HEADER] = this.#version;
    return headers;
  }

  start(sessionId: string | null, result: unknown, asked: string): void {
    if (sessionId) this.#id = sessionId;
    const agreed = (result as { protocolVersion?: unknown } | null)?.protocolVersion;
    this.#version = typeof agreed === 'string' && agreed !== '' ? agreed : asked;
  }

  forget(sessionId: string | undefined): boolean {
    if (this.#id !== sessionId) return false;
    this.#id = undefined;
    this.#version = undefined;
    return true;
  }
}
