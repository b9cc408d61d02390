/**
 * The response the library hands back: the transport's status and headers with the body
 * it already read into memory. It reads like a node-fetch response (once: a second read
 * is a `TypeError`), without the stream and header copy a node-fetch `Response` would
 * build for a body that is already in memory.
 *
 * @module
 */
import type { FetchHeaders, FetchResponse } from './fetch-types.js';

const BYTE_ORDER_MARK = 0xfeff;

/**
 * A body as text, decoded as a `TextDecoder` would: UTF-8, a leading byte order mark
 * dropped, malformed bytes as U+FFFD.
 *
 * @example
 * ```ts
 * utf8Text(Buffer.from('\ufeff{"a":1}')); // '{"a":1}'
 * ```
 */
export function utf8Text(body: Buffer): string {
  const text = body.toString('utf8');
  return text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
}

/**
 * A response whose body is a buffer in memory. Its state is private, behind getters, as
 * node-fetch keeps a response's: `JSON.stringify(response)` shows none of it (a URL may
 * carry a query value the caller would not want printed).
 */
export class InMemoryResponse implements FetchResponse {
  readonly #status: number;
  readonly #statusText: string;
  readonly #url: string;
  readonly #headers: FetchHeaders;
  readonly #bytes: Buffer;
  #used = false;

  /**
   * @param response - status, status text, URL and headers of the response received
   * @param bytes - the whole body
   */
  constructor(response: Pick<FetchResponse, 'status' | 'statusText' | 'url' | 'headers'>, bytes: Buffer) {
    this.#status = response.status;
    this.#statusText = response.statusText;
    this.#url = response.url;
    this.#headers = response.headers;
    this.#bytes = bytes;
  }

  /** The HTTP status. */
  get status(): number {
    return this.#status;
  }

  /** The status text. */
  get statusText(): string {
    return this.#statusText;
  }

  /** The URL the response came from. */
  get url(): string {
    return this.#url;
  }

  /** The response headers (those the transport received). */
  get headers(): FetchHeaders {
    return this.#headers;
  }

  /** Always false: the library never follows redirects. */
  get redirected(): boolean {
    return false;
  }

  /** Whether the status is 2xx. */
  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  /** Whether the body has been read. */
  get bodyUsed(): boolean {
    return this.#used;
  }

  /** The body as a stream (reading it uses the body up); `null` for an empty body. */
  get body(): NodeJS.ReadableStream | null {
    if (this.#bytes.length === 0) return null;
    // node:stream is loaded here, when a caller asks for a stream, not at import.
    return process.getBuiltinModule('node:stream').Readable.from([this.#take()], { objectMode: false });
  }

  /** Reads the body as bytes. */
  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  /** Reads the body as UTF-8 text. */
  async text(): Promise<string> {
    return utf8Text(this.#take());
  }

  /** Reads the body as JSON. */
  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  /** A copy whose body can be read separately. */
  clone(): InMemoryResponse {
    if (this.#used) throw new TypeError(`cannot clone a response whose body was read: ${this.url}`);
    return new InMemoryResponse(this, this.#bytes);
  }

  #take(): Buffer {
    if (this.#used) throw new TypeError(`body used already for: ${this.url}`);
    this.#used = true;
    return this.#bytes;
  }
}
