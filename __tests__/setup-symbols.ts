// Jest runs each test file in its own V8 context, whose Symbol lacks the two symbols that
// Node adds for explicit resource management (`using`, `await using`). Node registers
// them globally, so the test context can be given the very same symbols.
const symbols = Symbol as unknown as Record<string, symbol | undefined>;
for (const name of ['dispose', 'asyncDispose']) {
  if (symbols[name] === undefined) {
    Object.defineProperty(Symbol, name, { value: Symbol.for(`nodejs.${name}`) });
  }
}
