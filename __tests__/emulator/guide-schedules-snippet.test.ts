/**
 * guide/emulator.md, "Schedules and who is on call": the snippet runs as written against
 * the emulator and prints the final schedule it describes.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as core from '../../src/index.js';
import * as emulator from '../../src/emulator/index.js';
import { runSnippet, sectionSnippets } from '../legacy/snippet-runner.js';
import { realSockets } from '../helpers/test-kit.js';

beforeAll(realSockets);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const page = readFileSync(path.join(root, 'guide/emulator.md'), 'utf8');

describe('guide/emulator.md: schedules', () => {
  it('renders office hours in the schedule time zone, one entry per day', async () => {
    const [snippet] = sectionSnippets(page, '### Schedules and who is on call').filter(
      (item) => item.name === 'schedules',
    );
    const printed = await runSnippet(snippet!, { 'pagerduty-client': core, 'pagerduty-client/emulator': emulator });
    expect(printed).toEqual([
      'ann 2024-03-04T09:00:00+01:00 2024-03-04T17:00:00+01:00',
      'bob 2024-03-05T09:00:00+01:00 2024-03-05T17:00:00+01:00',
    ]);
  });
});
