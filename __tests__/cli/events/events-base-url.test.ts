import { beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';
import { runCli } from '../cli-harness.js';

beforeAll(realSockets);

describe('the event commands against the emulator', () => {
  it('send to the emulator once when --base-url already ends in /v2/enqueue', async () => {
    await using emulator = await startEmulator();
    const key = emulator.keys.routing[0]?.routingKey ?? '';
    const result = await runCli([
      'trigger',
      '-k',
      key,
      '--description',
      'Disk full',
      '--base-url',
      `${emulator.url}/v2/enqueue`,
    ]);
    expect(result.status).toBe(0);
    expect(emulator.requests.map((request) => request.path)).toEqual(['/v2/enqueue']);
  });
});
