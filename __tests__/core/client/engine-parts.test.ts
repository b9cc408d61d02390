import { describe, expect, it } from '@jest/globals';
import { CallMetrics } from '../../../src/core/client/call-metrics.js';
import { engineParts, type EngineHooks } from '../../../src/core/client/engine-parts.js';
import { RequestGate } from '../../../src/core/retry/request-gate.js';

const hooks = (): EngineHooks => ({
  secret: () => undefined,
  httpError: (parts) => new Error(`http ${parts.method}`),
  metrics: new CallMetrics(),
});

describe('engineParts', () => {
  it('checks the settings, and keeps the options it does not know for fetch (a copy)', () => {
    const options = {
      timeout: 5,
      retry: { 404: 2 },
      maxHttpAttempts: 3,
      cache: 'no-store' as const,
      redirect: 'manual' as const,
    };
    const parts = engineParts(options, hooks());
    expect(parts.settings.timeout).toBe(5);
    expect(parts.settings.retry).toEqual({ 404: 2 });
    expect(parts.settings.maxHttpAttempts).toBe(3);
    expect(parts.passThrough).toEqual({ cache: 'no-store', redirect: 'manual' });
    expect(parts.gate).toBeInstanceOf(RequestGate);
    expect(options).toEqual({
      timeout: 5,
      retry: { 404: 2 },
      maxHttpAttempts: 3,
      cache: 'no-store',
      redirect: 'manual',
    });
    parts.transport.close();
  });

  it('reports a bad setting before a bad proxy', () => {
    expect(() => engineParts({ timeout: -1, proxy: 'socks5://proxy:1080' }, hooks())).toThrow(RangeError);
    expect(() => engineParts({ proxy: 'socks5://proxy:1080' }, hooks())).toThrow(TypeError);
  });

  it("builds errors through the factory given, scrubbing the client's secret as it is now", () => {
    const parts = engineParts({ errorFactory: (spec) => new SyntaxError(spec.message) }, hooks());
    const error = parts.errors.fail({ kind: 'url', message: 'bad' });
    expect(error).toBeInstanceOf(SyntaxError);
    expect(error.message).toBe('bad');
    parts.transport.close();
  });
});
