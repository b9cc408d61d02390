#!/usr/bin/env node
/**
 * The `pagerduty` executable: {@link run} with the real process.
 *
 * @module
 */
import { hideBin } from 'yargs/helpers';
import { run } from './run.js';

// A reader that stops early (`pagerduty api ... --paginate | head -1`) closes the pipe;
// that ends the program quietly instead of with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

process.exitCode = await run(hideBin(process.argv), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
