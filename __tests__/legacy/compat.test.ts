import { describe, expect, it } from '@jest/globals';
import {
  COMPAT_RANGES,
  DEFAULT_COMPAT,
  compareVersions,
  isPdpyrasVersion,
  legacyPolicyFor,
  resolveCompat,
} from '../../src/legacy/compat.js';
import {
  LATEST_PDPYRAS_RELEASE,
  OLDEST_PDPYRAS_RELEASE,
  PDPYRAS_RELEASES,
  type PdpyrasVersion,
} from '../../src/legacy/pdpyras-releases.js';
import { PDPYRAS_5_WRAPPER_ROWS as WRAPPERS } from '../../src/legacy/pdpyras-wrapper-rows.js';

describe('the pdpyras release table', () => {
  it('lists major.minor.patch versions, oldest first, each once', () => {
    for (const version of PDPYRAS_RELEASES) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    for (let i = 1; i < PDPYRAS_RELEASES.length; i += 1) {
      expect(compareVersions(PDPYRAS_RELEASES[i - 1], PDPYRAS_RELEASES[i])).toBeLessThan(0);
    }
    expect(OLDEST_PDPYRAS_RELEASE).toBe(PDPYRAS_RELEASES[0]);
    expect(LATEST_PDPYRAS_RELEASE).toBe('5.4.1');
  });

  it('holds the releases on both sides of each gate, and not the withdrawn 4.5.1', () => {
    for (const version of ['4.3.0', '4.4.0', '4.5.2', '5.0.0', '5.0.1']) expect(isPdpyrasVersion(version)).toBe(true);
    expect(isPdpyrasVersion('4.5.1')).toBe(false);
    expect(Object.isFrozen(PDPYRAS_RELEASES)).toBe(true);
  });
});

describe('compareVersions', () => {
  it('compares each part numerically, not as text', () => {
    expect(compareVersions('4.10.0', '4.4.0')).toBeGreaterThan(0);
    expect(compareVersions('4.4.0', '4.4.0')).toBe(0);
    expect(compareVersions('4.3.9', '4.4.0')).toBeLessThan(0);
    expect(compareVersions('10.0.0', '9.9.9')).toBeGreaterThan(0);
  });

  it('refuses anything but major.minor.patch', () => {
    expect(() => compareVersions('4.4', '4.4.0')).toThrow(RangeError);
    expect(() => compareVersions('4.4.0', 'v4.4.0')).toThrow(/major\.minor\.patch/);
  });
});

describe('resolveCompat', () => {
  it('defaults to the final release', () => {
    expect(DEFAULT_COMPAT).toBe('5.4.1');
    expect(resolveCompat(undefined)).toBe('5.4.1');
  });

  it('accepts every listed release as it is', () => {
    for (const version of PDPYRAS_RELEASES) expect(resolveCompat(version)).toBe(version);
  });

  it.each(['5.4', 'v5.4.1', '5.4.1.0', ' 5.4.1', '05.4.1', '5.4.1-beta', ''])(
    'refuses the malformed version %j with the accepted range in the message',
    (value) => {
      expect(() => resolveCompat(value)).toThrow(RangeError);
      expect(() => resolveCompat(value)).toThrow(/major\.minor\.patch.*from 2\.1\.0 to 5\.4\.1/);
    },
  );

  it.each(['4.5.1', '5.5.0', '6.0.0', '1.0.0', '4.4.1'])('refuses %s, which is no pdpyras release', (value) => {
    expect(() => resolveCompat(value)).toThrow(RangeError);
    expect(() => resolveCompat(value)).toThrow(
      new RegExp(`"${value.replace(/\./g, '\\.')}" is not a pdpyras release from 2\\.1\\.0 to 5\\.4\\.1`),
    );
    expect(() => resolveCompat(value)).toThrow(/one of: 2\.1\.0, .*, 5\.4\.1\)/);
  });

  it('refuses a value that is not a string', () => {
    expect(() => resolveCompat(5.4)).toThrow(TypeError);
    expect(() => resolveCompat(null)).toThrow(/compat must be a string/);
  });
});

describe('the compat ranges', () => {
  it('are contiguous and cover every release exactly once', () => {
    expect(COMPAT_RANGES[0].since).toBe(OLDEST_PDPYRAS_RELEASE);
    for (let i = 1; i < COMPAT_RANGES.length; i += 1) expect(COMPAT_RANGES[i].since).toBe(COMPAT_RANGES[i - 1].before);
    expect(COMPAT_RANGES[COMPAT_RANGES.length - 1].before).toBeNull();
    for (const version of PDPYRAS_RELEASES) {
      const holding = COMPAT_RANGES.filter(
        (range) =>
          compareVersions(version, range.since) >= 0 &&
          (range.before === null || compareVersions(version, range.before) < 0),
      );
      expect(holding).toHaveLength(1);
    }
  });

  it("are frozen, so no session can change another one's policy", () => {
    const policy = legacyPolicyFor('5.4.1');
    expect(Object.isFrozen(policy.rest)).toBe(true);
    expect(Object.isFrozen(policy.errors)).toBe(true);
    expect(Object.isFrozen(COMPAT_RANGES[0])).toBe(true);
  });
});

describe('legacyPolicyFor at the 4.4.0 gate', () => {
  it('sends list keys without [] and throws only PDClientError before 4.4.0', () => {
    const policy = legacyPolicyFor('4.3.0');
    expect(policy.rest.appendListBrackets).toBe(false);
    expect(new Set(Object.values(policy.errors))).toEqual(new Set(['PDClientError']));
  });

  it('appends [] and throws PDHTTPError for HTTP failures from 4.4.0 (no PDServerError before 5.0.0)', () => {
    const policy = legacyPolicyFor('4.4.0');
    expect(policy.rest.appendListBrackets).toBe(true);
    expect(policy.errors).toEqual({
      url: 'PDClientError',
      method: 'PDClientError',
      network: 'PDClientError',
      abort: 'PDClientError',
      http: 'PDHTTPError',
      'http-server': 'PDHTTPError',
    });
  });
});

describe('legacyPolicyFor at the 5.0.0 gate', () => {
  it('uses the convention only and refuses resource objects before 5.0.0', () => {
    expect(legacyPolicyFor('4.5.2').rest).toEqual({
      appendListBrackets: true,
      wrappers: 'convention',
      acceptResourceObjects: ['rget', 'rput', 'rdelete'],
      unknownTotal: null,
      declaredRequirements: false,
      cursorAnyPath: true,
      wrapperOverrides: {},
      wrappedWhen: 'has-key',
      wrapDeleteBody: false,
    });
  });

  it('uses the wrapper table, accepts resource objects and throws URLError from 5.0.0', () => {
    for (const version of ['5.0.0', '5.4.1'] as PdpyrasVersion[]) {
      const policy = legacyPolicyFor(version);
      expect(policy.rest).toEqual({
        appendListBrackets: true,
        wrappers: 'config',
        acceptResourceObjects: ['rget', 'rput', 'rdelete', 'jget', 'jpost', 'jput'],
        unknownTotal: '?',
        declaredRequirements: false,
        cursorAnyPath: false,
        wrapperOverrides: WRAPPERS[version],
        wrappedWhen: 'has-key',
        wrapDeleteBody: false,
      });
      expect(policy.errors.url).toBe('URLError');
    }
  });

  it('takes the wrapper rows of the nearest measured release at or below the compat', () => {
    const measured: Record<string, string> = {
      '5.0.0': '5.0.0',
      '5.0.3': '5.0.0',
      '5.0.4': '5.0.4',
      '5.1.2': '5.0.4',
      '5.4.0': '5.0.4',
      '5.4.1': '5.4.1',
    };
    for (const [version, tables] of Object.entries(measured)) {
      expect([version, legacyPolicyFor(version as PdpyrasVersion).rest.wrapperOverrides]).toEqual([
        version,
        WRAPPERS[tables],
      ]);
    }
  });

  it('reads whatever table it is given, so the gates are data', () => {
    const ranges = [{ since: '2.1.0', before: null, policy: legacyPolicyFor('4.3.0') }] as const;
    expect(legacyPolicyFor('5.4.1', ranges).rest.appendListBrackets).toBe(false);
    expect(() => legacyPolicyFor('2.1.0', [])).toThrow(/no compat range/);
  });
});
