import { createHash } from 'node:crypto';

/**
 * The keys a delivery is remembered by: its signed `event.id` (a replay with an edited or
 * missing `X-Webhook-Id` is still the same event) and, when present, its `X-Webhook-Id`.
 */
export function deliveryKeys(eventId: string, webhookId: string | undefined, verified: boolean): readonly string[] {
  // Separate namespaces, so that an unsigned request (`allowUnsigned`) can never mark a signed event as handled.
  const trust = verified ? 'signed' : 'unsigned';
  const keys = [`${trust} event ${eventId}`];
  if (webhookId !== undefined) keys.push(`${trust} webhook ${webhookId}`);
  // Digests bound the memory per key, whatever the length of an ID or of a header.
  return keys.map((key) => createHash('sha256').update(key).digest('base64'));
}
