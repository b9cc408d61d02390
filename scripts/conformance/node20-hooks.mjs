// Resolve hook: the conformance CLI's `fs` becomes ./node20-fs.mjs (see there); nothing else changes.
const SHIM = new URL('./node20-fs.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  const fromSuite = context.parentURL?.includes('/@modelcontextprotocol/conformance/') ?? false;
  if (fromSuite && (specifier === 'fs' || specifier === 'node:fs')) return { url: SHIM, shortCircuit: true };
  return next(specifier, context);
}
