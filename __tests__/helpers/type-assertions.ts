// Type-level assertions for the type tests under __tests__/types/ (compiled by `npm run
// typecheck`, not run by jest): a failed assertion is a compile error.

/** `X` and `Y` are the same type: each is assignable to the other. */
export type Equal<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? true : false) : false;

/** `expectTypeOf(value).toBe<Type>()` compiles only when the value's type is exactly `Type`. */
export function expectTypeOf<Actual>(value: Actual): {
  toBe<Expected>(...exact: Equal<Actual, Expected> extends true ? [] : [never]): void;
} {
  void value;
  return { toBe: () => {} };
}
