// nock patches node:http for the whole worker process, and every test file loads its own
// copy of nock. Lifting each file's patch when the file ends keeps them from piling up,
// so later files that need real sockets and agents (transport, emulator) get them.
import { afterAll } from '@jest/globals';
import nock from 'nock';

afterAll(() => {
  nock.cleanAll();
  nock.restore();
});
