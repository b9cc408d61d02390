/**
 * Defines on `prototype` one accessor per name, reading `holder(client)[name]`: settable where `set`
 * is given for that name. The client's settings and metrics are held privately, so the client passes
 * a `holder` that reaches its private field.
 */
export function defineAccessors<C, H>(
  prototype: C,
  holder: (client: C) => H,
  names: readonly string[],
  set?: (held: H, name: string, value: unknown) => void,
): void {
  for (const name of names) {
    Object.defineProperty(prototype, name, {
      get(this: C) {
        return (holder(this) as Record<string, unknown>)[name];
      },
      set:
        set &&
        function (this: C, value: unknown) {
          set(holder(this), name, value);
        },
      configurable: true,
    });
  }
}
