/** Test helpers: run the program in-process with buffers for its output. */
import type { CliIo } from '../../src/cli/cli-io.js';
import { run } from '../../src/cli/run.js';
import { instantSleep } from '../helpers/test-kit.js';

/** What one in-process run of the program produced. */
export interface RunResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs `pagerduty <args>` in-process; retries never wait and the host is `testhost`. */
export async function runCli(
  args: string[],
  env: Record<string, string | undefined> = {},
  extra: Partial<CliIo> = {},
): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  const status = await run(args, {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    sleep: instantSleep,
    hostname: () => 'testhost',
    ...extra,
  });
  return { status, stdout, stderr };
}
