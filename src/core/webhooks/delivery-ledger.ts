import type { DedupWindow } from './delivery-dedup.js';

/** The answer given to a delivery. */
export interface DeliveryOutcome {
  readonly status: number;
  readonly text: string;
}

/** What to do with a delivery, given the deliveries handled and in flight. */
export type DeliveryTurn =
  | { readonly kind: 'handled' }
  | { readonly kind: 'in-flight'; readonly outcome: Promise<DeliveryOutcome> }
  | {
      readonly kind: 'first';
      /** Ends the turn: repeats waiting for it get `outcome`; `handled` ones are remembered in the window. */
      settle(outcome: DeliveryOutcome, handled: boolean): void;
    };

/** Tells a new delivery from a repeat of one handled, or of one still being handled. */
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
