/**
 * MCP sessions: created by `initialize`, named by `Mcp-Session-Id`, ended by `DELETE /mcp`
 * or expired by a test; each knows the requests in flight so `notifications/cancelled`
 * can stop one.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { idKey, type RpcId } from './mcp-protocol.js';

/** One session. */
export interface McpSession {
  /** The `Mcp-Session-Id`. */
  readonly id: string;
  /** The API key that opened it; another key cannot use it. */
  readonly key: string;
  /** The negotiated protocol revision. */
  readonly protocolVersion: string;
}

/** The sessions of one emulator. */
export class McpSessions {
  readonly #sessions = new Map<string, McpSession>();
  readonly #inFlight = new Map<string, Map<string, AbortController>>();

  /** Opens a session for `key`. */
  open(key: string, protocolVersion: string): McpSession {
    const session: McpSession = { id: randomUUID(), key, protocolVersion };
    this.#sessions.set(session.id, session);
    this.#inFlight.set(session.id, new Map());
    return session;
  }

  /** The live session with this id, or `undefined` (never opened, ended or expired). */
  get(id: string): McpSession | undefined {
    return this.#sessions.get(id);
  }

  /** How many sessions are live. */
  get size(): number {
    return this.#sessions.size;
  }

  /** Ends a session: later requests naming it get 404, its requests in flight stop. */
  end(id: string): boolean {
    for (const controller of this.#inFlight.get(id)?.values() ?? []) controller.abort();
    this.#inFlight.delete(id);
    return this.#sessions.delete(id);
  }

  /** Ends every session; returns how many there were. */
  expireAll(): number {
    const ids = [...this.#sessions.keys()];
    for (const id of ids) this.end(id);
    return ids.length;
  }

  /**
   * Registers a request in flight; its signal aborts on `cancel` (here or by id), or on
   * the session's end. `release` forgets it once done.
   */
  track(session: McpSession, id: RpcId): { signal: AbortSignal; cancel: () => void; release: () => void } {
    const controller = new AbortController();
    const requests = this.#inFlight.get(session.id);
    requests?.set(idKey(id), controller);
    return { signal: controller.signal, cancel: () => controller.abort(), release: () => requests?.delete(idKey(id)) };
  }

  /** Cancels a request in flight (`notifications/cancelled`); false when none has that id. */
  cancel(session: McpSession, id: RpcId): boolean {
    const controller = this.#inFlight.get(session.id)?.get(idKey(id));
    controller?.abort();
    return controller !== undefined;
  }
}
