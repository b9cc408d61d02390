import type { DedupWindow } from './delivery-dedup.js';

export interface DeliveryOutcome {
  readonly status: number;
  readonly text: string;
}

export type DeliveryTurn =
  | { readonly kind: 'handled' }
  | { readonly kind: 'in-flight'; readonly outcome: Promise<DeliveryOutcome> }
  | {
      readonly kind: 'first';
      settle(outcome: DeliveryOutcome, handled: boolean): void;
    };

// A repeat of a delivery in flight waits for its outcome: answering it 2xx early would lose the event
// if the first then failed, since PagerDuty stops retrying once it has a 2xx.
export interface DeliveryLedger {
  claim(keys: readonly string[]): DeliveryTurn;
}

export function createDeliveryLedger(seen: DedupWindow): DeliveryLedger {
  const inFlight = new Map<string, Promise<DeliveryOutcome>>();
  return {
    claim(keys) {
      if (keys.some((key) => seen.has(key))) return { kind: 'handled' };
      const running = keys.map((key) => inFlight.get(key)).find((outcome) => outcome !== undefined);
      if (running) return { kind: 'in-flight', outcome: running };
      let resolve: (outcome: DeliveryOutcome) => void = () => {};
      const outcome = new Promise<DeliveryOutcome>((settle) => (resolve = settle));
      for (const key of keys) inFlight.set(key, outcome);
      let settled = false;
      return {
        kind: 'first',
        settle(result, handled) {
          if (settled) return;
          settled = true;
          // In one step with the release, so that no repeat finds the delivery neither in flight nor handled.
          for (const key of keys) {
            inFlight.delete(key);
            if (handled) seen.add(key);
          }
          resolve(result);
        },
      };
    },
  };
}
