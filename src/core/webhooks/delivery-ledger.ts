// Recognising a repeated delivery: its keys, and this process's ledger of the deliveries in flight.
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

export interface DeliveryOutcome {
  readonly status: number;
  readonly text: string;
}

export type DeliveryTurn =
  | { readonly kind: 'in-flight'; readonly outcome: Promise<DeliveryOutcome> }
  | { readonly kind: 'first'; settle(outcome: DeliveryOutcome): void };

// This process's deliveries in flight. A repeat of one waits for its outcome: answering it 2xx early
// would lose the event if the first then failed, since PagerDuty stops retrying once it has a 2xx.
// Claimed synchronously, before the store is asked, so that two overlapping repeats in one process
// never both reach the store (where the second would only find the first's claim).
export interface DeliveryLedger {
  claim(keys: readonly string[]): DeliveryTurn;
}

export function createDeliveryLedger(): DeliveryLedger {
  const inFlight = new Map<string, Promise<DeliveryOutcome>>();
  return {
    claim(keys) {
      const running = keys.map((key) => inFlight.get(key)).find((outcome) => outcome !== undefined);
      if (running) return { kind: 'in-flight', outcome: running };
      let resolve: (outcome: DeliveryOutcome) => void = () => {};
      const outcome = new Promise<DeliveryOutcome>((settle) => (resolve = settle));
      for (const key of keys) inFlight.set(key, outcome);
      let settled = false;
      return {
        kind: 'first',
        settle(result) {
          if (settled) return;
          settled = true;
          for (const key of keys) inFlight.delete(key);
          resolve(result);
        },
      };
    },
  };
}
