// Reads like a node-fetch response (once: a second read is a TypeError), without the stream and header copy a
// node-fetch `Response` would build for a body already in memory.
import type { FetchHeaders, FetchResponse } from './fetch-types.js';

// Made once: a decoder without `stream` keeps no state between calls.
const UTF8 = new TextDecoder();

/** A leading byte order mark dropped, malformed bytes as U+FFFD. */
export function utf8Text(body: Uint8Array): string {
  return UTF8.decode(body);
}

// Its state is not enumerable, as node-fetch keeps it: `JSON.stringify(response)` shows none of it (a URL may
// carry a query value the caller would not want printed).
export class InMemoryResponse implements FetchResponse {
  declare readonly status: number;
  declare readonly statusText: string;
  declare readonly url: string;
  declare readonly headers: FetchHeaders;
  readonly #bytes: Uint8Array;
  #used: boolean;

  constructor(response: Pick<FetchResponse, 'status' | 'statusText' | 'url' | 'headers'>, bytes: Uint8Array) {
    const { status, statusText, url, headers } = response;
    Object.defineProperties(this, {
      status: { value: status },
      statusText: { value: statusText },
      url: { value: url },
      headers: { value: headers },
    });
    this.#bytes = bytes;
    this.#used = false;
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
    // A Node stream where Node's modules are (node:stream loaded when asked, not at import), a web one elsewhere.
    const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const stream = node?.getBuiltinModule?.('node:stream') as typeof import('node:stream') | undefined;
    const bytes = this.#take();
    if (stream !== undefined) return stream.Readable.from([bytes], { objectMode: false });
    return new Blob([bytes as Uint8Array<ArrayBuffer>]).stream() as unknown as NodeJS.ReadableStream;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return UTF8.decode(this.#take());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  clone(): InMemoryResponse {
    if (this.#used) throw new TypeError(`cannot clone a response whose body was read: ${this.url}`);
    return new InMemoryResponse(this, this.#bytes);
  }

  #take(): Uint8Array {
    if (this.#used) throw new TypeError(`body used already for: ${this.url}`);
    this.#used = true;
    return this.#bytes;
  }
}
