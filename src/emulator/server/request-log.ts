/**
 * A record of the latest requests the emulator served, so tests can see what a client
 * really sent: how many attempts, which were faulted, in what order.
 *
 * @module
 */

/** One request as served. */
export interface RequestRecord {
  /** The `x-request-id` sent back (none for a dropped connection). */
  requestId: string;
  /** The HTTP method. */
  method: string;
  /** The path, without the query string. */
  path: string;
  /** The query string, without `?` (`''` for none). */
  query: string;
  /** The status answered, or `dropped` when the connection was destroyed. */
  status: number | 'dropped';
  /** The JSON-RPC method of a message to `/mcp` (`initialize`, `tools/call`, ...), when it has one. */
  rpcMethod?: string;
  /** The tool named by a `tools/call`. */
  tool?: string;
  /** The fault injected into this request, if any. */
  fault?: 'rate-limit' | 'server-error' | 'drop';
}

/** Keeps the latest `capacity` records, oldest first. */
export class RequestLog {
  readonly #capacity: number;
  #records: RequestRecord[] = [];

  /** @param capacity - how many records to keep; older ones are dropped */
  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 0)
      throw new RangeError(`requestLogSize must be a whole number >= 0, got ${capacity}`);
    this.#capacity = capacity;
  }

  /** Adds a record, dropping the oldest beyond the capacity. */
  add(record: RequestRecord): void {
    if (this.#capacity === 0) return;
    this.#records.push(record);
    if (this.#records.length > this.#capacity) this.#records = this.#records.slice(-this.#capacity);
  }

  /** The records, oldest first (a copy). */
  records(): RequestRecord[] {
    return [...this.#records];
  }

  /** Forgets every record. */
  clear(): void {
    this.#records = [];
  }
}
