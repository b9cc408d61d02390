// Reads like a node-fetch response (once: a second read is a TypeError), without the stream and header copy a
// node-fetch `Response` would build for a body already in memory.
import type { FetchHeaders, FetchResponse } from './fetch-types.js';

const BYTE_ORDER_MARK = 0xfeff;

/** As a `TextDecoder` would: a leading byte order mark dropped, malformed bytes as U+FFFD. */
export function utf8Text(body: Buffer): string {
  const text = body.toString('utf8');
  return text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
}

// State in private fields behind getters, as node-fetch keeps it: `JSON.stringify(response)` shows none of it
// (a URL may carry a query value the caller would not want printed).
export class InMemoryResponse implements FetchResponse {
  readonly #status: number;
  readonly #statusText: string;
  readonly #url: string;
  readonly #headers: FetchHeaders;
  readonly #bytes: Buffer;
  #used = false;

  constructor(response: Pick<FetchResponse, 'status' | 'statusText' | 'url' | 'headers'>, bytes: Buffer) {
    this.#status = response.status;
    this.#statusText = response.statusText;
    this.#url = response.url;
    this.#headers = response.headers;
    this.#bytes = bytes;
  }

  get status(): number {
    return this.#status;
  }

  get statusText(): string {
    return this.#statusText;
  }

  get url(): string {
    return this.#url;
  }

  get headers(): FetchHeaders {
    return this.#headers;
  }

  /** The library never follows redirects. */
  get redirected(): boolean {
    return false;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  get body(): NodeJS.ReadableStream | null {
    if (this.#bytes.length === 0) return null;
    // node:stream is loaded here, when a caller asks for a stream, not at import.
    return process.getBuiltinModule('node:stream').Readable.from([this.#take()], { objectMode: false });
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return utf8Text(this.#take());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

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
