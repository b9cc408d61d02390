import { describe, expect, it } from '@jest/globals';
import { requireNode } from '../../../src/core/platform/node-only.js';

describe('requireNode', () => {
  it('passes where the runtime reports a Node version (Node, Bun, Deno)', () => {
    expect(() => requireNode('x', 'y', { process: { versions: { node: '20.19.0' } } })).not.toThrow();
  });

  it('elsewhere, names the feature, the runtime and what to do instead', () => {
    expect(() => requireNode('the emulator', 'start it under Node', { window: { document: {} } })).toThrow(
      'the emulator needs Node (or Bun or Deno), not a browser: start it under Node',
    );
  });
});
