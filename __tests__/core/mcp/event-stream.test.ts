import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { readMessageEvents } from '../../../src/core/mcp/event-stream.js';

const STREAM =
  ': a comment\r\n' +
  'event: message\r\n' +
  'id: 7\r\n' +
  'data: {"jsonrpc":"2.0",\r\n' +
  'data: "id":1}\r\n' +
  '\r\n' +
  'data:\n\n' +
  'event: endpoint\ndata: /x\n\n' +
  'data:[{"b":2},{"c":3}]\n' +
  '\n' +
  'id: 9\r' +
  'data: {"d":4}\r' +
  '\r';

const EXPECTED = [{ jsonrpc: '2.0', id: 1 }, { b: 2 }, { c: 3 }, { d: 4 }];

async function messagesOf(
  chunks: readonly (string | Buffer)[],
): Promise<{ messages: unknown[]; lastEventId?: string; end: string }> {
  const messages: unknown[] = [];
  const outcome = await readMessageEvents(Readable.from(chunks), (message) => {
    messages.push(message);
    return false;
  });
  return { messages, lastEventId: outcome.lastEventId, end: outcome.end };
}

describe('readMessageEvents', () => {
  it('decodes message events (a batch gives its members), skips keep-alives and other types, any EOL', async () => {
    await expect(messagesOf([STREAM])).resolves.toEqual({ messages: EXPECTED, lastEventId: '9', end: 'ended' });
  });

  it('gives the same messages however the stream is cut into two chunks', async () => {
    for (let cut = 0; cut <= STREAM.length; cut += 1) {
      expect((await messagesOf([STREAM.slice(0, cut), STREAM.slice(cut)])).messages).toEqual(EXPECTED);
    }
  });

  it('discards an event whose blank line never came', async () => {
    expect((await messagesOf(['data: {"a":1}\n\ndata: {"cut":'])).messages).toEqual([{ a: 1 }]);
    expect((await messagesOf(['data: {"a":1}\n\ndata: {"cut":true}\n'])).messages).toEqual([{ a: 1 }]);
  });

  it('decodes UTF-8 split inside a character', async () => {
    const bytes = Buffer.from('data: {"t":"é✓"}\n\n');
    const result = await messagesOf([bytes.subarray(0, 14), bytes.subarray(14)]);
    expect(result.messages).toEqual([{ t: 'é✓' }]);
  });

  it('stops and discards the body once the handler is done, even if the stream stays open', async () => {
    const body = new Readable({ read() {} });
    body.push('data: {"n":1}\n\ndata: {"n":2}\n\n');
    const seen: unknown[] = [];
    const outcome = await readMessageEvents(body, (message) => {
      seen.push(message);
      return true;
    });
    expect(outcome.end).toBe('done');
    expect(seen).toEqual([{ n: 1 }]);
    expect(body.destroyed).toBe(true);
  });

  it('reports a broken stream with the last event id, and throws SyntaxError for data that is not JSON', async () => {
    const body = new Readable({ read() {} });
    body.push('id: e1\ndata: {"n":1}\n\n');
    setImmediate(() => body.destroy(new Error('socket hang up')));
    const outcome = await readMessageEvents(body, () => false);
    expect(outcome).toMatchObject({ end: 'failed', lastEventId: 'e1' });
    expect((outcome.error as Error).message).toBe('socket hang up');
    await expect(readMessageEvents(Readable.from(['data: nope\n\n']), () => false)).rejects.toThrow(SyntaxError);
  });

  it('tells onChunk of every chunk, comments and keep-alives included, and reports the resumed id', async () => {
    let chunks = 0;
    const outcome = await readMessageEvents(
      Readable.from([': ping\n\n', 'data:\n\n', 'data: {"n":1}\n\n']),
      () => false,
      {
        lastEventId: 'r7',
        onChunk: () => (chunks += 1),
      },
    );
    expect(chunks).toBe(3);
    expect(outcome).toEqual({ end: 'ended', lastEventId: 'r7', gaveEventId: false, retryMs: undefined });
  });
});

describe('the per-event bound (issue 47)', () => {
  it('fails one event that passes maxEventBytes, and frees the stream', async () => {
    let fed = 0;
    // An event whose data never ends: 1 KiB chunks without a blank line, for as long as the reader reads.
    const endless = new Readable({
      read() {
        fed += 1024;
        this.push(fed === 1024 ? `data: "${'x'.repeat(1016)}` : 'x'.repeat(1024));
      },
    });
    const error = await readMessageEvents(endless, () => false, { maxEventBytes: 64 * 1024 }).catch((e) => e);
    expect(error).toMatchObject({ name: 'ResponseTooLargeError', limit: 64 * 1024 });
    expect(fed).toBeLessThan(256 * 1024);
    expect(endless.destroyed).toBe(true);
  });

  it('counts from the end of the last event, so a long stream of small events is never refused', async () => {
    const events = Array.from(
      { length: 200 },
      (_, i) => `data: {"jsonrpc":"2.0","method":"n","params":{"i":${i}}}\n\n`,
    );
    const seen: unknown[] = [];
    const outcome = await readMessageEvents(Readable.from(events), (message) => (seen.push(message), false), {
      maxEventBytes: 100,
    });
    expect(outcome.end).toBe('ended');
    expect(seen).toHaveLength(200);
  });
});
