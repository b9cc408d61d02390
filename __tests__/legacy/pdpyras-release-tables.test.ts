// Issue 29: pdpyras 5.x's own tables, extracted once into src/generated/pdpyras-tables/ by
// `npx tsx scripts/extract-pdpyras-tables.ts` (run by hand, like extract-description: the
// tests never read the pdpyras sources beside the project), and the legacy wrapper rows
// are what each release's table (then its inference) gives for every path it knows, but
// for the listed exceptions.
import { describe, expect, it } from '@jest/globals';
import { inferEntityWrapper } from '../../src/core/rest/endpoints/entity-wrappers.js';
import type { EntityWrapperSpec } from '../../src/core/rest/endpoints/tables.js';
import { PDPYRAS_5_TABLES } from '../../src/generated/pdpyras-tables/pdpyras-5-tables.js';
import { PDPYRAS_5_WRAPPER_EXCEPTIONS, PDPYRAS_5_WRAPPER_ROWS } from '../../src/legacy/pdpyras-wrapper-rows.js';

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
  it.each(Object.keys(PDPYRAS_5_TABLES))(
    'are what pdpyras %s says for every path it knows and each method, but the listed exceptions',
    (version) => {
      const rows = PDPYRAS_5_WRAPPER_ROWS[version];
      for (const path of PDPYRAS_5_TABLES[version].canonicalPaths) {
        for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
          const operation = `${method} ${path}`;
          const expected =
            operation in PDPYRAS_5_WRAPPER_EXCEPTIONS
              ? pair(PDPYRAS_5_WRAPPER_EXCEPTIONS[operation])
              : releasePair(version, operation);
          expect([operation, pair(rows[operation])]).toEqual([operation, expected]);
        }
      }
      expect(Object.keys(rows)).toHaveLength(PDPYRAS_5_TABLES[version].canonicalPaths.length * 4);
    },
  );

  it('list as exceptions only operations where some release contradicts the API', () => {
    for (const [operation, spec] of Object.entries(PDPYRAS_5_WRAPPER_EXCEPTIONS)) {
      const differs = Object.keys(PDPYRAS_5_TABLES).some(
        (version) => JSON.stringify(releasePair(version, operation)) !== JSON.stringify(pair(spec)),
      );
      expect([operation, differs]).toEqual([operation, true]);
    }
  });
});

function pair(spec: EntityWrapperSpec): readonly [string | null, string | null] {
  return typeof spec === 'string' || spec === null ? [spec, spec] : spec;
}
