import { describe, expect, it } from '@jest/globals';
import { InMemoryResponse, utf8Text } from '../../../src/core/platform/in-memory-response.js';

const headers = new Headers({ 'content-type': 'application/json', 'x-request-id': 'r1' });
const make = (body: string, status = 200) =>
  new InMemoryResponse({ status, statusText: 'OK', url: 'https://api.example/x', headers }, Buffer.from(body));

describe('InMemoryResponse', () => {
  it('reads its body once, as JSON, text or bytes', async () => {
    const response = make('{"a":1}');
    expect([response.ok, response.status, response.url, response.headers.get('x-request-id')]).toEqual([
      true,
      200,
      'https://api.example/x',
      'r1',
    ]);
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toEqual({ a: 1 });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(/body used already/);
  });

  it('gives bytes that are a copy of the body, not a view of a shared buffer', async () => {
    const bytes = await make('hé').arrayBuffer();
    expect(Buffer.from(bytes).toString('utf8')).toBe('hé');
    expect(bytes.byteLength).toBe(3);
  });

  it('clones an unread body, and refuses to clone a read one', async () => {
    const response = make('x', 404);
    const copy = response.clone();
    expect([response.ok, copy.status]).toEqual([false, 404]);
    expect(await copy.text()).toBe('x');
    expect(await response.text()).toBe('x');
    expect(() => response.clone()).toThrow(TypeError);
  });

  it('streams its body, and has none when it is empty', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of make('streamed').body as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('streamed');
    expect(make('').body).toBeNull();
  });
});

describe('utf8Text', () => {
  it('decodes as a TextDecoder does: UTF-8, without a leading byte order mark', () => {
    const decoder = new TextDecoder();
    const bodies = [
      Buffer.from('{"name":"Zoë 🚨"}'),
      Buffer.from('\ufeff{"a":1}'),
      Buffer.from('a\ufeffb'),
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
      Buffer.from([0xe2, 0x82]),
      Buffer.from([0xf0, 0x9f, 0x9a, 0x41]),
      Buffer.alloc(0),
    ];
    for (const body of bodies) expect(utf8Text(body)).toBe(decoder.decode(body));
  });
});
