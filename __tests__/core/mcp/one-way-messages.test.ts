import { describe, expect, it } from '@jest/globals';
import type { Logger } from '../../../src/core/logging.js';
import { BackgroundWork, cancelledNotification, guarded } from '../../../src/core/mcp/server-requests.js';

function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  const ignore = (): void => undefined;
  return {
    debug: ignore,
    info: ignore,
    error: ignore,
    warn: (message: string) => void warnings.push(message),
    warnings,
  };
}

describe('cancelledNotification', () => {
  it('names the request and why it was given up', () => {
    expect(cancelledNotification(4, 'timeout')).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 4, reason: 'the client timed out' },
    });
    expect(cancelledNotification('a', 'aborted').params).toEqual({
      requestId: 'a',
      reason: 'the caller aborted the request',
    });
  });
});

describe('guarded', () => {
  it('runs the handler and logs what it throws instead of throwing', () => {
    const log = recordingLogger();
    let ran = false;
    guarded(log, 'onProgress', () => {
      ran = true;
    });
    guarded(log, 'onNotification', () => {
      throw new Error('boom');
    });
    expect(ran).toBe(true);
    expect(log.warnings).toEqual(['onNotification threw: boom']);
  });
});

describe('BackgroundWork', () => {
  it('settles once every piece of work under way has, failed or not', async () => {
    const work = new BackgroundWork();
    let finish: () => void = () => undefined;
    let settled = false;
    work.add(new Promise<void>((resolve) => (finish = resolve)));
    work.add(Promise.reject(new Error('ignored')).catch(() => undefined));
    const waiting = work.settled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    finish();
    await waiting;
    expect(settled).toBe(true);
  });
});
