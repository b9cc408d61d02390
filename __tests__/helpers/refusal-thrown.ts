// A pure check's answer in tests: its value, or its refusal thrown as an error with the refusal's code.
import { Refusal } from '../../src/core/errors/refusal.js';

export class RefusedError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

export function orThrow<T>(value: T | Refusal): T {
  if (value instanceof Refusal) throw new RefusedError(value);
  return value;
}
