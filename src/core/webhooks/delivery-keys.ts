import { base64 } from '../encoding/base64.js';
import { hashing } from '../platform/node-platform.js';

// The signed event.id catches a replay whose X-Webhook-Id (not signed) was edited or removed.
export function deliveryKeys(eventId: string, webhookId: string | undefined, verified: boolean): readonly string[] {
  // Separate namespaces, so that an unsigned request (`allowUnsigned`) can never mark a signed event as handled.
  const trust = verified ? 'signed' : 'unsigned';
  const keys = [`${trust} event ${eventId}`];
  if (webhookId !== undefined) keys.push(`${trust} webhook ${webhookId}`);
  // Digests bound the memory per key, whatever the length of an ID or of a header.
  const { sha256 } = hashing();
  const encoder = new TextEncoder();
  return keys.map((key) => base64(sha256(encoder.encode(key))));
}
