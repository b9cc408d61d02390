/**
 * `--jq EXPR`: jq itself (the jqlang C program compiled to WebAssembly, from the package
 * `jq-web`, which ships the .wasm inside it), so that a filter means what it means in
 * `jq` and a user needs no `jq` installed. Loaded only when `--jq` is given.
 *
 * Why `jq-web`: it is real jq (not a re-implementation of a subset, as the pure-JavaScript
 * ports are), it installs without a download step (unlike `node-jq`, which fetches a
 * binary at install), and it runs any number of filters in one process; `jq-wasm` 1.0.1
 * crashed after about 310 runs in one process (memory access out of bounds), which a
 * long `--paginate` would reach.
 *
 * @module
 */
import { UsageError } from '../common/usage-error.js';

/** Runs the filter on a stream of JSON texts; resolves to its output lines. */
export type JqRunner = (inputs: readonly string[]) => string[];

/** What the filter is wrapped in to compile it without running it (see `compileJq`). */
const COMPILE_ONLY = { before: 'if false then (', after: '\n) else empty end' };

/**
 * The message of a jq failure: jq's own lines, joined, with the program jq quotes shown as
 * the user wrote it (without the wrapper that compiles it without running it). A filter that
 * ends unfinished (`.users[] |`) trips on the wrapper's closing parenthesis, after the
 * user's last line: that is said as jq says it of such a filter, "unexpected end of file".
 */
export function jqMessage(error: unknown, expression?: string): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  let text = typeof stderr === 'string' && stderr.trim() !== '' ? stderr : (error as Error).message;
  const lines = expression?.split('\n').length ?? Infinity;
  const at = /at <top-level>, line (\d+):/.exec(text);
  if (expression !== undefined && at && Number(at[1]) > lines) {
    text = text
      .replace("unexpected ')'", 'unexpected end of file')
      .replace(at[0], `at <top-level>, line ${lines}: ${expression.split('\n')[lines - 1]}`);
  }
  return text
    .replaceAll(COMPILE_ONLY.before, '')
    .replaceAll(COMPILE_ONLY.after, '')
    .replaceAll(COMPILE_ONLY.after.trim(), '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A runner for `expression`, compiled first: a filter jq cannot compile is a usage error
 * before any request is made. Each output is printed as `jq -r -c` prints it (a string as
 * text, anything else as one line of JSON), one per line.
 *
 * @throws UsageError when jq cannot compile `expression`
 */
export async function compileJq(expression: string): Promise<JqRunner> {
  const jq = await (await import('jq-web')).default;
  try {
    // Compiles without running: jq checks the whole program, then `if false` skips it.
    jq.raw('null', `${COMPILE_ONLY.before}${expression}${COMPILE_ONLY.after}`, ['-n']);
  } catch (error) {
    throw new UsageError(`--jq: ${jqMessage(error, expression)}`);
  }
  return (inputs) => {
    if (inputs.length === 0) return [];
    let output: string | undefined;
    try {
      output = jq.raw(inputs.join('\n'), expression, ['-r', '-c']);
    } catch (error) {
      throw new Error(`--jq: ${jqMessage(error)}`);
    }
    return output === undefined ? [] : output.split('\n');
  };
}
