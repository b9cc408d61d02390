import { seams } from '../helpers/test-kit.js';
// MIGRATION.md must stay accurate to the code: every legacy export is mapped, and the
// migration path it recommends (a core client throwing legacy errors) works.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RestApiV2Client } from '../../src/core/rest/rest-api-v2-client.js';
import { legacyErrorFactory } from '../../src/legacy/error-factory.js';
import { PDClientError, PDHTTPError } from '../../src/legacy/errors.js';
import { legacyPolicyFor } from '../../src/legacy/compat.js';
import { API_KEY, BASE, makeSession } from './helpers.js';
import { makeClient } from '../helpers/test-kit.js';

const guide = readFileSync(path.join(process.cwd(), 'MIGRATION.md'), 'utf8');
const barrel = readFileSync(path.join(process.cwd(), 'src', 'legacy', 'index.ts'), 'utf8');

/** The names the legacy barrel exports. */
function exportedNames(source: string): string[] {
  return [...source.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((match) =>
    match[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

describe('MIGRATION.md', () => {
  it('maps every name the legacy entry point exports', () => {
    const names = exportedNames(barrel);
    expect(names).toEqual(expect.arrayContaining(['APISession', 'PDClientError', 'PDSession', 'PdpyrasVersion']));
    const missing = names.filter((name) => !guide.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('names both version gates, the default compat and the accepted range', () => {
    for (const text of ["`'4.4.0'`", "`'5.0.0'`", "`'5.4.1'`", '2.1.0 to 5.4.1', '`compat`', '`proxies`']) {
      expect(guide).toContain(text);
    }
  });

  it('names every method pdpyras lacked that the session has from the core, and the refused PATCH methods', () => {
    for (const method of [
      'jdelete',
      'jpatch',
      'rpatch',
      'getTotal',
      'iterHistory',
      'iterIncidentNotes',
      'iterAnalyticsRawIncidents',
      'iterAlertGroupingSettings',
    ]) {
      expect(guide).toContain(`\`${method}\``);
    }
  });
});

describe('the migration path MIGRATION.md recommends', () => {
  it('a core client with a legacy policy and error factory behaves as the session of that release', async () => {
    const policy = legacyPolicyFor('4.3.0');
    const client = makeClient(
      { ...seams({ restPolicy: policy.rest }), ...seams({ errorFactory: legacyErrorFactory(policy) }) },
      API_KEY,
    );
    const seen: string[] = [];
    nock(BASE)
      .get(/^\/incidents/)
      .twice()
      .reply((uri) => {
        seen.push(uri);
        return [404, { error: 'nope' }];
      });
    const fromClient = await client
      .jget('/incidents', { params: { statuses: ['triggered'] } })
      .catch((e: unknown) => e);
    const fromSession = await makeSession('4.3.0')
      .jget('/incidents', { params: { statuses: ['triggered'] } })
      .catch((e: unknown) => e);
    expect(seen).toEqual(['/incidents?statuses=triggered', '/incidents?statuses=triggered']);
    expect((fromClient as object).constructor).toBe(PDClientError);
    expect((fromSession as object).constructor).toBe(PDClientError);
    expect((fromClient as Error).message).toBe((fromSession as Error).message);
    expect((fromSession as Error).message).toBe(
      'GET /incidents?statuses=triggered: API responded with non-success status (404): {"error":"nope"}',
    );
  });

  it('at 5.4.1 the core client throws PDHTTPError for an HTTP failure', async () => {
    const client = new RestApiV2Client(API_KEY, {
      ...seams({ errorFactory: legacyErrorFactory(legacyPolicyFor('5.4.1')) }),
    });
    nock(BASE).get('/users/PNOPE').reply(404, {});
    await expect(client.rget('/users/PNOPE')).rejects.toThrow(PDHTTPError);
  });
});
