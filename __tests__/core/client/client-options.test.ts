import { describe, expect, it } from '@jest/globals';
import { upperMethod } from '../../../src/core/client/client-options.js';

describe('upperMethod', () => {
  it('returns a method in upper case, whatever its spelling', () => {
    expect(['GET', 'get', 'Post', 'delete', 'PATCH', 'head', 'OPTIONS', 'purge'].map(upperMethod)).toEqual([
      'GET',
      'GET',
      'POST',
      'DELETE',
      'PATCH',
      'HEAD',
      'OPTIONS',
      'PURGE',
    ]);
  });
});
