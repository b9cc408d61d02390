// Every test file runs with the network closed: nock answers what a test mocks, loopback
// stays open for the tests' own servers, and any other host fails at once instead of
// reaching the internet.
//
// nock patches node:http for the whole worker process, and every test file loads its own
// copy of nock. Lifting each file's patch when the file ends keeps them from piling up,
// so later files that need real sockets and agents (transport, emulator) get them.
import { afterAll, afterEach, beforeAll } from '@jest/globals';
import nock from 'nock';

beforeAll(() => {
  nock.disableNetConnect();
  nock.enableNetConnect(/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/);
});

// No interceptor outlives the test that set it up.
afterEach(() => {
  nock.cleanAll();
});

afterAll(() => {
  nock.cleanAll();
  nock.enableNetConnect();
  nock.restore();
});
