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
