import { runtimeLabel, type RuntimeGlobals } from './runtime.js';

/** The error of a Node-only feature used on another runtime: what it needs, where it ran, what to do instead. */
export function nodeOnlyError(feature: string, instead: string, globals: RuntimeGlobals): Error {
  return new Error(`${feature} needs Node (or Bun or Deno), not ${runtimeLabel(globals)}: ${instead}`);
}

/** @throws Error where the runtime has none of Node's modules (a browser, a worker) */
export function requireNode(feature: string, instead: string, globals: RuntimeGlobals): void {
  if (typeof globals.process?.versions?.node !== 'string') throw nodeOnlyError(feature, instead, globals);
}
