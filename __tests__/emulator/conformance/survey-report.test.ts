import { it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { startEmulator } from '../../../src/emulator/index.js';
import { surveyOperations } from './operation-survey.js';

it('reports', async () => {
  const emulator = await startEmulator({});
  const t = Date.now();
  const results = await surveyOperations(emulator);
  const lines = results.map((r) => `${r.status} ${r.operation.method} ${r.operation.path} ${r.operation.id} ${JSON.stringify(r.problems)?.slice(0, 300)} ${r.status >= 400 ? JSON.stringify(r.body).slice(0, 300) : ''}`);
  writeFileSync('/tmp/emu/survey.txt', `${Date.now() - t} ms\n` + lines.join('\n'));
  await emulator.close();
}, 120000);
