/** The globals a runtime is recognised by; each may be missing. */
export interface RuntimeGlobals {
  readonly Bun?: { readonly version?: unknown };
  readonly Deno?: { readonly version?: { readonly deno?: unknown } };
  readonly process?: { readonly versions?: { readonly node?: unknown } };
  readonly navigator?: { readonly userAgent?: unknown };
  readonly window?: { readonly document?: unknown };
}

function versioned(name: string, version: unknown): string | undefined {
  return typeof version === 'string' && version !== '' ? `${name}/${version}` : undefined;
}

/**
 * `bun/1.4.5`, `deno/2.9.6` or `node/20.19.0`; `undefined` elsewhere. Bun and Deno also fill
 * `process.versions.node` for compatibility, so they are asked first.
 */
export function runtimeName(globals: RuntimeGlobals): string | undefined {
  return (
    versioned('bun', globals.Bun?.version) ??
    versioned('deno', globals.Deno?.version?.deno) ??
    versioned('node', globals.process?.versions?.node)
  );
}

/** A page (or its frames): a `window` with a `document`, as openai-node and axios tell. Deno 2 has no `window`. */
export function isBrowser(globals: RuntimeGlobals): boolean {
  return typeof globals.window === 'object' && globals.window !== null && globals.window.document !== undefined;
}

/** The runtime as a message names it: `Deno 2.9.6`, `a browser`, `Cloudflare-Workers`, ... */
export function runtimeLabel(globals: RuntimeGlobals): string {
  if (isBrowser(globals)) return 'a browser';
  const named = runtimeName(globals);
  if (named !== undefined) {
    const [name, version] = named.split('/');
    return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${version}`;
  }
  const agent = globals.navigator?.userAgent;
  return typeof agent === 'string' && agent !== '' ? agent : 'this runtime';
}
