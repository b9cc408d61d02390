/**
 * The emulator's edge with Node's `http`: reading request bodies and writing JSON replies.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from './replies.js';

/** Largest request body read; a larger one is answered 413. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** A body that was too large to read. */
export class BodyTooLargeError extends Error {
  /** @param limit - the limit in bytes */
  constructor(limit: number) {
    super(`request body larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads the whole request body.
 *
 * @throws BodyTooLargeError beyond `limit` bytes (the rest is discarded, not read into memory)
 */
export async function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) tooLarge = true;
    if (!tooLarge) chunks.push(chunk as Buffer);
  }
  if (tooLarge) throw new BodyTooLargeError(limit);
  return Buffer.concat(chunks);
}

/** Writes a reply: JSON body (none for 204 or an `undefined` body), `x-request-id`, extra headers. */
export function writeReply(response: ServerResponse, reply: Reply, requestId: string): void {
  const headers: Record<string, string | number> = { 'x-request-id': requestId, ...reply.headers };
  if (reply.body === undefined || reply.status === 204) {
    response.writeHead(reply.status, { ...headers, 'content-length': 0 });
    response.end();
    return;
  }
  const text = JSON.stringify(reply.body);
  response.writeHead(reply.status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
