/**
 * `pagerduty api --include`: the status line and headers of a response, as `curl -i` and
 * `gh api -i` print them, before the body.
 *
 * @module
 */

/** What the head is made from: a fetch `Response` has these. */
export interface ResponseHeadSource {
  /** The status code. */
  readonly status: number;
  /** The reason phrase (`OK`); may be empty. */
  readonly statusText: string;
  /** The response headers, name and value. */
  readonly headers: Iterable<[string, string]>;
}

/**
 * The status line and one `name: value` line per header, then an empty line. The client
 * speaks HTTP/1.1 (node-fetch), hence the version shown.
 *
 * @example
 * ```ts
 * responseHead({ status: 200, statusText: 'OK', headers: [['x-request-id', 'abc']] });
 * // 'HTTP/1.1 200 OK\nx-request-id: abc\n\n'
 * ```
 */
export function responseHead(response: ResponseHeadSource): string {
  const status = `HTTP/1.1 ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`);
  return `${[status, ...headers].join('\n')}\n\n`;
}
