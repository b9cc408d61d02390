/**
 * A parser for `text/event-stream` (Server-Sent Events, as the HTML standard defines the
 * format). Pure and incremental: feed it text in chunks cut anywhere, even inside a line
 * or between `\r` and `\n`, and it returns each event once its blank line arrives.
 *
 * @module
 */

/** One dispatched event. */
export interface SseEvent {
  /** The `event:` field; `message` when the event had none. */
  event: string;
  /** The `data:` lines, joined with `\n`. */
  data: string;
  /** The last `id:` seen in the stream so far (the standard's "last event ID"), or `''`. */
  id: string;
  /** The `retry:` field in milliseconds, when this event carried a valid one. */
  retry?: number;
}

/**
 * Incremental SSE parser.
 *
 * @example
 * ```ts
 * const parser = new SseParser();
 * parser.push('data: {"a":'); // []
 * parser.push('1}\n\n');       // [{ event: 'message', data: '{"a":1}', id: '' }]
 * ```
 */
export class SseParser {
  #buffer = '';
  #started = false;
  #afterCarriageReturn = false;
  #eventType = '';
  #data: string[] = [];
  #hasData = false;
  #lastId = '';
  #retry: number | undefined;

  /**
   * Feeds a chunk of the stream.
   *
   * @returns the events completed by this chunk, in order
   */
  push(chunk: string): SseEvent[] {
    let text = chunk;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    // A `\r\n` pair split across chunks: the `\r` ended the line already.
    if (this.#afterCarriageReturn && text.startsWith('\n')) text = text.slice(1);
    this.#afterCarriageReturn = false;
    this.#buffer += text;
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.#buffer.length; i += 1) {
      const ch = this.#buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      const line = this.#buffer.slice(start, i);
      if (ch === '\r') {
        if (i + 1 < this.#buffer.length) {
          if (this.#buffer[i + 1] === '\n') i += 1;
        } else {
          this.#afterCarriageReturn = true;
        }
      }
      start = i + 1;
      const event = this.#line(line);
      if (event) events.push(event);
    }
    this.#buffer = this.#buffer.slice(start);
    return events;
  }

  /**
   * Ends the stream. An event without its closing blank line is discarded, as the
   * standard requires.
   *
   * @returns always empty; present so callers can treat the end like any chunk
   */
  end(): SseEvent[] {
    this.#buffer = '';
    this.#resetEvent();
    return [];
  }

  #line(line: string): SseEvent | undefined {
    if (line === '') return this.#dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.#eventType = value;
        break;
      case 'data':
        this.#data.push(value);
        this.#hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) this.#lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.#retry = Number(value);
        break;
      default:
        break;
    }
    return undefined;
  }

  #dispatch(): SseEvent | undefined {
    const event: SseEvent | undefined = this.#hasData
      ? {
          event: this.#eventType || 'message',
          data: this.#data.join('\n'),
          id: this.#lastId,
          ...(this.#retry !== undefined ? { retry: this.#retry } : {}),
        }
      : undefined;
    this.#resetEvent();
    return event;
  }

  #resetEvent(): void {
    this.#eventType = '';
    this.#data = [];
    this.#hasData = false;
    this.#retry = undefined;
  }
}

/**
 * Every complete event of a whole stream.
 *
 * @example
 * ```ts
 * parseSse('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n');
 * // [{ event: 'message', data: '{"jsonrpc":"2.0","id":1,"result":{}}', id: '' }]
 * ```
 */
export function parseSse(text: string): SseEvent[] {
  const parser = new SseParser();
  return [...parser.push(text), ...parser.end()];
}
