import { describe, expect, it } from '@jest/globals';
import { isBrowser, runtimeLabel, runtimeName } from '../../../src/core/platform/runtime.js';

describe('runtimeName', () => {
  it('names Bun and Deno before the Node version they also report', () => {
    const node = { versions: { node: '22.0.0' } };
    expect(runtimeName({ Bun: { version: '1.4.5' }, process: node })).toBe('bun/1.4.5');
    expect(runtimeName({ Deno: { version: { deno: '2.9.6' } }, process: node })).toBe('deno/2.9.6');
    expect(runtimeName({ process: node })).toBe('node/22.0.0');
  });

  it('names nothing where no runtime global has a version string', () => {
    expect(runtimeName({})).toBeUndefined();
    expect(runtimeName({ Bun: { version: 1 }, process: {} })).toBeUndefined();
  });
});

describe('isBrowser', () => {
  it('is a window with a document, as a page has', () => {
    expect(isBrowser({ window: { document: {} } })).toBe(true);
  });

  it('is not a worker, Deno 2 or Node, which have no window (or no document)', () => {
    expect(isBrowser({ navigator: { userAgent: 'Cloudflare-Workers' } })).toBe(false);
    expect(isBrowser({ Deno: { version: { deno: '2.9.6' } } })).toBe(false);
    expect(isBrowser({ window: {} })).toBe(false);
    expect(isBrowser(globalThis)).toBe(false);
  });
});

describe('runtimeLabel', () => {
  it('says a browser, then the runtime and its version, then navigator.userAgent', () => {
    expect(runtimeLabel({ window: { document: {} }, navigator: { userAgent: 'Mozilla/5.0' } })).toBe('a browser');
    expect(runtimeLabel({ Deno: { version: { deno: '2.9.6' } } })).toBe('Deno 2.9.6');
    expect(runtimeLabel({ navigator: { userAgent: 'Cloudflare-Workers' } })).toBe('Cloudflare-Workers');
    expect(runtimeLabel({})).toBe('this runtime');
  });
});
