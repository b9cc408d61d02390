/** A raw request body: the bytes as received, or their UTF-8 text. */
export type RawBody = Uint8Array | string;

/**
 * The size cap on a webhook body, in bytes: 256 KiB. PagerDuty drops every webhook over
 * 256 KB instead of sending it, so a larger body is not one of its deliveries.
 */
export const DEFAULT_MAX_WEBHOOK_BODY_BYTES = 256 * 1024;

export function bodyBytes(body: RawBody): Uint8Array {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  throw new TypeError(
    'a webhook body must be a Buffer, a Uint8Array or a string (the raw request body, not parsed JSON)',
  );
}
