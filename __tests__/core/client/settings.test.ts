import { describe, expect, it } from '@jest/globals';
import { ApiClient, tokenAuth } from '../../../src/index.js';
import { APISession } from '../../../src/legacy/api-session.js';
import { API_CLIENT_OPTION_NAMES } from '../../../src/core/client/client-options.js';
import {
  assignSetting,
  checkNumber,
  checkSetting,
  initialSettings,
  OPTION_SETTINGS,
  retryPolicy,
  SETTINGS,
} from '../../../src/core/client/settings.js';

const settings = [
  'maxHttpAttempts',
  'maxNetworkAttempts',
  'timeout',
  'sleepTimer',
  'sleepTimerBase',
  'staggerCooldown',
] as const;
const bad: unknown[] = [Number.NaN, -1, Number.POSITIVE_INFINITY, '2', null];

describe('settings assigned after construction are checked as the constructor checks them', () => {
  const clients: [string, () => ApiClient][] = [
    ['ApiClient', () => new ApiClient(tokenAuth('k'))],
    ['APISession', () => new APISession('k')],
  ];
  describe.each(clients)('%s', (_name, make) => {
    it.each(settings)('%s refuses NaN, negatives, infinity, strings and null, keeping the old value', (setting) => {
      const client = make();
      const before = client[setting];
      for (const value of bad) {
        expect(() => {
          (client as unknown as Record<string, unknown>)[setting] = value;
        }).toThrow(/must be a/);
        // null in the options means "absent" (the default applies); assigned, it is refused.
        if (value !== null && OPTION_SETTINGS.includes(setting))
          expect(() => new ApiClient(tokenAuth('k'), { [setting]: value } as never)).toThrow(/must be a/);
      }
      expect(client[setting]).toBe(before);
      client.close();
    });
  });

  it('accepts valid values and uses them', () => {
    const client = new ApiClient(tokenAuth('k'));
    client.maxNetworkAttempts = 0;
    client.sleepTimer = 0.5;
    client.timeout = 0.25;
    expect([client.maxNetworkAttempts, client.sleepTimer, client.timeout]).toEqual([0, 0.5, 0.25]);
  });

  it('refuses fractional attempt counts and a zero timeout', () => {
    const client = new ApiClient(tokenAuth('k'));
    expect(() => (client.maxHttpAttempts = 1.5)).toThrow(RangeError);
    expect(() => (client.timeout = 0)).toThrow(RangeError);
  });
});

describe('the settings table', () => {
  it('gives every setting its default, and each option given wins', () => {
    expect(initialSettings({})).toEqual({
      retry: {},
      maxHttpAttempts: 10,
      maxResponseBytes: 64 * 1024 * 1024,
      maxNetworkAttempts: 3,
      timeout: 60,
      sleepTimer: 1.5,
      sleepTimerBase: 2,
      staggerCooldown: 0,
    });
    expect(initialSettings({ timeout: 5, retry: { 404: 2 } })).toMatchObject({ timeout: 5, retry: { 404: 2 } });
    expect(Object.keys(SETTINGS)).toEqual(Object.keys(initialSettings({})));
  });

  it('is where the option names of the settings come from', () => {
    for (const name of OPTION_SETTINGS) expect(API_CLIENT_OPTION_NAMES).toHaveProperty(name, true);
    // A row marked `option: false` is set on a client only.
    expect(OPTION_SETTINGS).not.toContain('staggerCooldown');
    expect(API_CLIENT_OPTION_NAMES).not.toHaveProperty('staggerCooldown');
  });

  it('reports the first bad setting in table order', () => {
    expect(() => initialSettings({ maxHttpAttempts: -1, timeout: 0 })).toThrow(/maxHttpAttempts/);
  });

  it('keeps the old value when an assignment is refused', () => {
    const settings = initialSettings({ timeout: 5 });
    expect(() => assignSetting(settings, 'timeout', 601)).toThrow(/at most 600 seconds/);
    expect(settings.timeout).toBe(5);
  });
});

describe('the retry policy each request reads', () => {
  it('is frozen', () => {
    const first = retryPolicy(initialSettings({ retry: { 404: 2 } }));
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.retry).toEqual({ 404: 2 });
  });

  it('follows every setting assigned since the last request', () => {
    const settings = initialSettings({});
    retryPolicy(settings);
    assignSetting(settings, 'maxHttpAttempts', 4);
    assignSetting(settings, 'maxNetworkAttempts', 1);
    assignSetting(settings, 'sleepTimer', 0.5);
    assignSetting(settings, 'sleepTimerBase', 3);
    assignSetting(settings, 'staggerCooldown', 0.1);
    assignSetting(settings, 'retry', { 502: 1 });
    expect(retryPolicy(settings)).toEqual({
      retry: { 502: 1 },
      maxHttpAttempts: 4,
      maxNetworkAttempts: 1,
      sleepTimer: 0.5,
      sleepTimerBase: 3,
      staggerCooldown: 0.1,
      retryUnresolvedHosts: false,
    });
  });

  it('retries a name that does not resolve only when asked (the legacy sessions ask)', () => {
    expect(retryPolicy(initialSettings({})).retryUnresolvedHosts).toBe(false);
    expect(retryPolicy(initialSettings({}), true).retryUnresolvedHosts).toBe(true);
  });

  it('follows retry changed in place, and refuses a bad entry at the next read', () => {
    const settings = initialSettings({ retry: { 404: 2 } });
    settings.retry[404] = 3;
    settings.retry[500] = 1;
    expect(retryPolicy(settings).retry).toEqual({ 404: 3, 500: 1 });
    delete settings.retry[404];
    expect(retryPolicy(settings).retry).toEqual({ 500: 1 });
    (settings.retry as Record<number, unknown>)[500] = 'x';
    expect(() => retryPolicy(settings)).toThrow(RangeError);
  });
});

describe('checkNumber', () => {
  it('returns a value that satisfies the rule', () => {
    expect(checkNumber('n', 0, {})).toBe(0);
    expect(checkNumber('n', 2.5, {})).toBe(2.5);
    expect(checkNumber('n', 3, { integer: true })).toBe(3);
  });

  it.each([Number.NaN, '3', null, undefined])('refuses the non-number %p with a TypeError', (value) => {
    expect(() => checkNumber('n', value, {})).toThrow(TypeError);
  });

  it.each([
    [-1, {}],
    [Number.POSITIVE_INFINITY, {}],
    [1.5, { integer: true }],
    [0, { positive: true }],
  ])('refuses %p under %p with a RangeError', (value, rule) => {
    expect(() => checkNumber('n', value, rule)).toThrow(RangeError);
  });
});

describe('checkSetting', () => {
  it('applies each setting its own rule', () => {
    expect(() => checkSetting('timeout', 0)).toThrow(/timeout must be a positive/);
    expect(() => checkSetting('maxNetworkAttempts', 1.5)).toThrow(/whole/);
    expect(checkSetting('sleepTimer', 0)).toBe(0);
  });
});
