import { describe, expect, it } from '@jest/globals';
import { collect, listPage, repeatedCursorError } from '../../../src/core/mcp/mcp-api-client.js';

describe('listPage', () => {
  it('gives the items under the key and the next cursor', () => {
    expect(listPage('tools/list', 'tools', { tools: [{ name: 'a' }], nextCursor: 'c2' })).toEqual({
      items: [{ name: 'a' }],
      cursor: 'c2',
    });
  });

  it('ends the listing on a missing or empty cursor', () => {
    expect(listPage('prompts/list', 'prompts', { prompts: [] }).cursor).toBeUndefined();
    expect(listPage('prompts/list', 'prompts', { prompts: [], nextCursor: '' }).cursor).toBeUndefined();
  });

  it('refuses a result without the array', () => {
    expect(() => listPage('resources/list', 'resources', { items: [] })).toThrow(
      'resources/list: the result has no resources array',
    );
    expect(() => listPage('resources/list', 'resources', null)).toThrow(TypeError);
  });
});

describe('repeatedCursorError', () => {
  it('names the method and the cursor', () => {
    expect(repeatedCursorError('tools/list', 'c1').message).toBe('tools/list: the server sent cursor "c1" twice');
  });
});

describe('collect', () => {
  it('gathers an async iterable', async () => {
    async function* items() {
      yield 1;
      yield 2;
    }
    await expect(collect(items())).resolves.toEqual([1, 2]);
  });
});
