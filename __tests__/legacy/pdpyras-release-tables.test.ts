// Issue 29: pdpyras 5.x's own tables, extracted once into src/generated/pdpyras-tables/ by
// `node scripts/extract-pdpyras-tables.mjs` (run by hand, like extract-description: the
// tests never read the pdpyras sources beside the project), and the legacy wrapper rows
// are what each release's table (then its inference) gives, but for the one exception kept.
import { describe, expect, it } from '@jest/globals';
import { inferEntityWrapper } from '../../src/core/rest/endpoints/entity-wrappers.js';
import type { EntityWrapperSpec } from '../../src/core/rest/endpoints/table-types.js';
import { PDPYRAS_5_TABLES } from '../../src/generated/pdpyras-tables/pdpyras-5-tables.js';
import { PDPYRAS_5_WRAPPER_ROWS } from '../../src/legacy/pdpyras-wrapper-rows.js';

describe('the extracted pdpyras 5.x tables', () => {
  it('hold the three measured releases, each with its path lists and wrapper table', () => {
    expect(Object.keys(PDPYRAS_5_TABLES)).toEqual(['5.0.0', '5.0.4', '5.4.1']);
    expect(PDPYRAS_5_TABLES['5.4.1'].canonicalPaths).toHaveLength(174);
    expect(PDPYRAS_5_TABLES['5.4.1'].cursorPaths).toContain('/audit/records');
    expect(PDPYRAS_5_TABLES['5.4.1'].wrapperConfig['POST /change_events']).toBeNull();
  });
});

/** The release's pair for an operation: its table's row (exact method, then `*`), else its inference. */
function releasePair(version: string, operation: string): readonly [string | null, string | null] {
  const [method, path] = operation.split(' ');
  const config = PDPYRAS_5_TABLES[version].wrapperConfig;
  // A row may be None (null), so presence is tested with `in`, not `??`.
  const key = [operation, `* ${path}`].find((candidate) => candidate in config);
  const spec: EntityWrapperSpec | undefined = key === undefined ? undefined : config[key];
  if (spec === undefined) {
    const inferred = inferEntityWrapper(method, path);
    return [inferred, inferred];
  }
  return typeof spec === 'string' || spec === null ? [spec, spec] : spec;
}

describe('the legacy wrapper rows', () => {
  // pdpyras sent this body bare, which the API refuses: the request stays wrapped.
  const KEPT: Readonly<Record<string, readonly [string | null, string | null]>> = {
    'PUT /business_services/priority_thresholds': [null, null],
  };

  it.each(Object.keys(PDPYRAS_5_TABLES))('are what pdpyras %s says for each row, or a listed exception', (version) => {
    for (const [operation, spec] of Object.entries(PDPYRAS_5_WRAPPER_ROWS)) {
      const ours = typeof spec === 'string' || spec === null ? [spec, spec] : spec;
      const expected = releasePair(version, operation);
      expect(PDPYRAS_5_TABLES[version].canonicalPaths).toContain(operation.split(' ')[1]);
      if (operation in KEPT) {
        expect(expected).toEqual(KEPT[operation]);
        expect(ours[1]).toBe(expected[1]);
      } else {
        expect([operation, ours]).toEqual([operation, expected]);
      }
    }
  });
});
