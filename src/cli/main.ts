#!/usr/bin/env node
/**
 * The `pagerduty` executable: {@link run} with the real process.
 *
 * @module
 */
import { run } from './run.js';

// A reader that stops early (`pagerduty api ... --paginate | head -1`) closes the pipe;
// that ends the program quietly instead of with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

// Arguments after `node main.js` (yargs' hideBin would load yargs before it is needed).
process.exitCode = await run(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
