import { describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { parseInputJson, readFieldFile, readInputJson } from '../../../src/cli/api/api-input.js';
import { UsageError } from '../../../src/cli/common/usage-error.js';

describe('parseInputJson', () => {
  it('parses any JSON value', () => {
    expect(parseInputJson('{"a":[1,true,null]}', 'f.json')).toEqual({ a: [1, true, null] });
    expect(parseInputJson('[1]', 'f.json')).toEqual([1]);
  });

  it('is a usage error naming the source for text that is not JSON', () => {
    expect(() => parseInputJson('{nope', 'body.json')).toThrow(UsageError);
    expect(() => parseInputJson('', 'body.json')).toThrow(/--input body\.json is not valid JSON/);
  });
});

describe('readInputJson', () => {
  it('reads standard input for "-", in chunks of text or bytes', async () => {
    const stdin = Readable.from([Buffer.from('{"x":'), '2}']);
    expect(await readInputJson('-', stdin)).toEqual({ x: 2 });
  });

  it('is a usage error for a file that does not exist', async () => {
    await expect(readInputJson('/nonexistent/dir/body.json', Readable.from([]))).rejects.toThrow(
      /cannot read --input \/nonexistent\/dir\/body\.json/,
    );
  });
});

describe('standard input, asked for lazily', () => {
  it('is taken only when "-" is read (touching process.stdin opens a handle)', async () => {
    let asked = 0;
    const stdin = () => {
      asked += 1;
      return Readable.from(['{"y":1}']);
    };
    await expect(readInputJson('/nonexistent/body.json', stdin)).rejects.toThrow(UsageError);
    await expect(readFieldFile('/nonexistent/value.txt', stdin)).rejects.toThrow(UsageError);
    expect(asked).toBe(0);
    expect(await readInputJson('-', stdin)).toEqual({ y: 1 });
    expect(await readFieldFile('-', () => Readable.from(['text\n']))).toBe('text\n');
    expect(asked).toBe(1);
  });
});
