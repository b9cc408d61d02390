/**
 * The state of one MCP session: the id the server assigned and the protocol version it
 * agreed to, and the headers that carry them on every request after `initialize`.
 *
 * @module
 */

/** The header of the session id. */
export const SESSION_HEADER = 'Mcp-Session-Id';

/** The header of the protocol version, a MUST after initialisation (2025-06-18). */
export const VERSION_HEADER = 'MCP-Protocol-Version';

/**
 * A session's id and version; empty before `initialize` and after the session ends.
 *
 * @example
 * ```ts
 * const session = new McpSession();
 * session.start('s-1', { protocolVersion: '2025-06-18' }, '2025-06-18');
 * session.headers(); // { 'Mcp-Session-Id': 's-1', 'MCP-Protocol-Version': '2025-06-18' }
 * ```
 */
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

  /**
   * Keeps what `initialize` returned.
   *
   * @param sessionId - the reply's `Mcp-Session-Id` (a server without sessions sends none)
   * @param result - the `initialize` result, whose `protocolVersion` is the agreed one
   * @param asked - the version asked for, kept when the result names none
   */
  start(sessionId: string | null, result: unknown, asked: string): void {
    if (sessionId) this.#id = sessionId;
    const agreed = (result as { protocolVersion?: unknown } | null)?.protocolVersion;
    this.#version = typeof agreed === 'string' && agreed !== '' ? agreed : asked;
  }

  /**
   * Forgets the session `sessionId`, unless another has started since (a concurrent call
   * may have started it already).
   *
   * @returns whether it was forgotten
   */
  forget(sessionId: string | undefined): boolean {
    if (this.#id !== sessionId) return false;
    this.#id = undefined;
    this.#version = undefined;
    return true;
  }
}
