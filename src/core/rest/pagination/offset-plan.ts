import { ITERATION_LIMIT } from './limits.js';

/** What the plan needs: where the first page started, what it held, and the total. */
export interface OffsetPlanInput {
  /** The offset of the first page (the caller's `offset`, or 0). */
  readonly firstOffset: number;
  /** How far each page moves the offset: the number of items the first page held. */
  readonly step: number;
  /** The `limit` sent with every page (the API checks `offset + limit`). */
  readonly limit: number;
  /** The number of records of the index (offsets run below it). */
  readonly total: number;
  /** The largest `offset + limit` the API accepts. @default ITERATION_LIMIT */
  readonly iterationLimit?: number;
}

/** The offsets still to read, and where the API's limit stopped the plan, if it did. */
export interface OffsetPlan {
  /** The offsets of the pages after the first, in order. */
  readonly offsets: readonly number[];
  /** The first offset the limit forbade (`null` when the plan reaches the total). */
  readonly stoppedAt: number | null;
}

export function remainingOffsets(input: OffsetPlanInput): OffsetPlan {
  const { firstOffset, step, limit, total } = input;
  const iterationLimit = input.iterationLimit ?? ITERATION_LIMIT;
  if (!Number.isInteger(step) || step < 1)
    throw new RangeError(`the step of an offset plan must be a positive integer, got ${step}`);
  const offsets: number[] = [];
  for (let offset = firstOffset + step; offset < total; offset += step) {
    if (offset + limit > iterationLimit) return { offsets, stoppedAt: offset };
    offsets.push(offset);
  }
  return { offsets, stoppedAt: null };
}
