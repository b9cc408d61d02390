import { describe, expect, it } from '@jest/globals';
import { parseSse, SseParser, type SseEvent } from '../../../src/core/mcp/sse-parser.js';

const STREAM =
  ': a comment\r\n' +
  'event: message\r\n' +
  'id: 7\r\n' +
  'data: {"jsonrpc":"2.0",\r\n' +
  'data: "id":1}\r\n' +
  '\r\n' +
  'data:no-space\n' +
  'retry: 1500\n' +
  '\n' +
  'event: ping\r' +
  'data\r' +
  '\r';

const EXPECTED: SseEvent[] = [
  { event: 'message', data: '{"jsonrpc":"2.0",\n"id":1}', id: '7' },
  { event: 'message', data: 'no-space', id: '7', retry: 1500 },
  { event: 'ping', data: '', id: '7' },
];

function feed(chunks: readonly string[]): SseEvent[] {
  const parser = new SseParser();
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

describe('SseParser', () => {
  it('parses fields, comments, multi-line data and all three line endings', () => {
    expect(parseSse(STREAM)).toEqual(EXPECTED);
  });

  it('gives the same events however the stream is cut into two chunks', () => {
    for (let cut = 0; cut <= STREAM.length; cut += 1) {
      expect(feed([STREAM.slice(0, cut), STREAM.slice(cut)])).toEqual(EXPECTED);
    }
  });

  it('gives the same events when fed one character at a time', () => {
    expect(feed([...STREAM])).toEqual(EXPECTED);
  });

  it('does not count a \\r\\n split between chunks as two line ends', () => {
    expect(feed(['data: a\r', '\ndata: b\r', '\n\r', '\n'])).toEqual([{ event: 'message', data: 'a\nb', id: '' }]);
  });

  it('returns an event only once its blank line has arrived', () => {
    const parser = new SseParser();
    expect(parser.push('data: x\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: 'x', id: '' }]);
  });

  it('discards an event whose blank line never came, and events without data', () => {
    expect(parseSse('event: empty\n\ndata: cut short')).toEqual([]);
  });

  it('strips a leading byte-order mark, keeps spaces after the first, and ignores unknown fields', () => {
    expect(parseSse('\ufeffdata:  two spaces\nfoo: bar\n\n')).toEqual([{ event: 'message', data: ' two spaces', id: '' }]);
  });

  it('ignores ids with NUL and retry values that are not digits', () => {
    expect(parseSse('id: a\0b\nretry: soon\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x', id: '' }]);
  });
});
