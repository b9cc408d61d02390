import { describe, expect, it } from '@jest/globals';
import { REGION_BASE_URLS, regionBaseUrl, type Region } from '../../../src/core/rest/rest-options.js';

describe('regionBaseUrl', () => {
  it('gives the host of each region, the US one by default', () => {
    expect(regionBaseUrl()).toBe('https://api.pagerduty.com');
    expect(regionBaseUrl('eu')).toBe('https://api.eu.pagerduty.com');
    for (const region of Object.keys(REGION_BASE_URLS) as Region[])
      expect(regionBaseUrl(region)).toBe(REGION_BASE_URLS[region]);
  });

  it('refuses an unknown region, an inherited key included, naming the known ones', () => {
    expect(() => regionBaseUrl('mars' as Region)).toThrow(
      new TypeError('unknown region "mars"; expected one of us, eu'),
    );
    expect(() => regionBaseUrl('toString' as Region)).toThrow(TypeError);
  });
});
