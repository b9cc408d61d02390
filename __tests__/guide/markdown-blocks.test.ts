import { describe, expect, it } from '@jest/globals';
import { codeBlocks, tableAfter } from './markdown-blocks.js';

describe('codeBlocks', () => {
  it('finds fenced blocks with their language and opening line', () => {
    const text = ['# T', '```ts', 'const a = 1;', '```', 'text', '```', 'plain', '```', '```sh', 'ls', '```'].join(
      '\n',
    );
    expect(codeBlocks(text)).toEqual([
      { language: 'ts', code: 'const a = 1;', line: 2 },
      { language: '', code: 'plain', line: 6 },
      { language: 'sh', code: 'ls', line: 9 },
    ]);
  });

  it('refuses an unclosed block', () => {
    expect(() => codeBlocks('```ts\nconst a = 1;')).toThrow('line 1');
  });
});

describe('tableAfter', () => {
  it('returns the body rows of the first table after the marker', () => {
    const text = [
      '| x |',
      '|---|',
      '| no |',
      '<!-- here -->',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '| 3 | 4 |',
      '',
      '| z |',
    ].join('\n');
    expect(tableAfter(text, 'here')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('refuses a missing marker', () => {
    expect(() => tableAfter('| a |', 'absent')).toThrow('absent');
  });
});
