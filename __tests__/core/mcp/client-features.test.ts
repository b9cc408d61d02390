import { describe, expect, it } from '@jest/globals';
import { answerFeature, featureCapabilities, withSchemaDefaults } from '../../../src/core/mcp/client-features.js';
import type { JsonRpcRequest } from '../../../src/core/mcp/json-rpc.js';

const schema = {
  type: 'object' as const,
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    verified: { type: 'boolean', default: true },
    note: { type: 'string' },
  },
};

function elicit(params: Record<string, unknown>): JsonRpcRequest {
  return { jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params };
}

describe('client features', () => {
  it('fills the properties an accepted form left out with the schema defaults, keeping those given', () => {
    expect(withSchemaDefaults({ action: 'accept', content: { age: 41 } }, schema)).toEqual({
      action: 'accept',
      content: { name: 'John Doe', age: 41, verified: true },
    });
    expect(withSchemaDefaults({ action: 'decline' }, schema)).toEqual({ action: 'decline' });
  });

  it('declares a capability for each handler given', () => {
    expect(featureCapabilities({})).toEqual({});
    expect(
      featureCapabilities({ onElicitation: () => ({ action: 'cancel' }), onSampling: () => ({}), roots: [] }),
    ).toEqual({ elicitation: { form: {}, url: {} }, sampling: {}, roots: { listChanged: false } });
  });

  it('answers elicitation (defaults applied in form mode, none in URL mode; nothing returned declines)', async () => {
    const features = { onElicitation: () => ({ action: 'accept' as const, content: {} }) };
    expect(await answerFeature(elicit({ message: 'm', requestedSchema: schema }), features)).toEqual({
      action: 'accept',
      content: { name: 'John Doe', age: 30, verified: true },
    });
    const url = elicit({ mode: 'url', message: 'm', url: 'https://x', elicitationId: 'i' });
    expect(await answerFeature(url, { onElicitation: () => ({ action: 'accept' }) })).toEqual({ action: 'accept' });
    const silent = { onElicitation: () => undefined as never };
    expect(await answerFeature(elicit({ message: 'm' }), silent)).toEqual({ action: 'decline' });
  });

  it('answers roots/list with the roots given, and leaves what it has no handler for', async () => {
    const roots = [{ uri: 'file:///work', name: 'work' }];
    expect(await answerFeature({ jsonrpc: '2.0', id: 1, method: 'roots/list' }, { roots })).toEqual({ roots });
    expect(await answerFeature({ jsonrpc: '2.0', id: 1, method: 'roots/list' }, {})).toBeUndefined();
    expect(await answerFeature(elicit({ message: 'm' }), {})).toBeUndefined();
  });
});
