/**
 * Every operation of the REST API v2 description, through the client's natural method
 * (rget/rpost/rput/rpatch/rdelete, and listAll for an index) against an in-memory fake that
 * answers from the description's schemas: its concrete URL resolves to its canonical path,
 * the body sent passes the request schema, the wrapper read is in the answer, and each index
 * pages in its declared style with its list key, never above its maximum page size. This is
 * the check that keeps the generated tables honest when the description changes.
 *
 * `npm run jest -- __tests__/core/rest/description-agreement.test.ts` counts the operations
 * that agree (one test each).
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { descriptionContext, PROJECT_ROOT } from '../../../scripts/generate/index.js';
import { deriveRestOperations } from '../../../scripts/generate/rest-facts.js';
import { disagreements, FakeApi } from '../../helpers/description-agreement.js';
import { silentLogger } from '../../../src/core/logging.js';
import { makeClient } from '../../helpers/test-kit.js';

const extract = descriptionContext(PROJECT_ROOT).readDescription('rest');
const operations = deriveRestOperations(extract);
const fake = new FakeApi();
const client = makeClient({ fetch: fake.fetch, logger: silentLogger }, 'u+agreementkey1');
afterAll(() => client.close());

describe(`the REST API v2 description (${operations.length} operations)`, () => {
  it('has the 465 operations of the upstream file the extract came from', () => {
    expect(operations).toHaveLength(465);
  });

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s agrees',
    async (_name, operation) => {
      expect(await disagreements(client, fake, extract, operation)).toEqual([]);
    },
  );
});
