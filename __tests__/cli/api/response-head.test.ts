import { describe, expect, it } from '@jest/globals';
import { Response } from 'node-fetch';
import { responseHead } from '../../../src/cli/api/response-head.js';

describe('responseHead', () => {
  it('is the status line, one line per header, and a blank line', () => {
    expect(
      responseHead({
        status: 429,
        statusText: 'Too Many Requests',
        headers: [
          ['retry-after', '2'],
          ['x-request-id', 'r1'],
        ],
      }),
    ).toBe('HTTP/1.1 429 Too Many Requests\nretry-after: 2\nx-request-id: r1\n\n');
  });

  it('reads a fetch Response', () => {
    const response = new Response(undefined, {
      status: 204,
      statusText: 'No Content',
      headers: { 'X-Request-Id': 'r2' },
    });
    expect(responseHead(response)).toBe('HTTP/1.1 204 No Content\nx-request-id: r2\n\n');
  });

  it('leaves out an empty reason phrase', () => {
    expect(responseHead({ status: 299, statusText: '', headers: [] })).toBe('HTTP/1.1 299\n\n');
  });
});
