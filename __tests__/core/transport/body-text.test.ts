import { describe, expect, it } from '@jest/globals';
import { utf8Text } from '../../../src/core/transport/body-text.js';

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
