/**
 * What `pagerduty api` reads besides its arguments: the JSON request body of `--input`,
 * and the values of `-F key=@file` fields, each from a file or standard input.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { JsonValue } from './api-arguments.js';
import { UsageError } from '../common/usage-error.js';

/**
 * Parses the text of `--input` as JSON.
 *
 * @param source - the file name (or `-`), for the error message
 * @throws UsageError when the text is not JSON
 */
export function parseInputJson(text: string, source: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch (error) {
    throw new UsageError(`--input ${source} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Standard input, or how to get it: a function is called only when standard input is
 * read, because touching `process.stdin` opens a handle that can keep the process alive.
 */
export type StdinSource = Readable | (() => Readable);

export async function readStream(source: StdinSource): Promise<string> {
  const stream = typeof source === 'function' ? source() : source;
  let text = '';
  for await (const chunk of stream)
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return text;
}

/**
 * Reads and parses the request body named by `--input`: a file, or `-` for `stdin`.
 *
 * @throws UsageError when the file cannot be read or is not JSON
 */
export async function readInputJson(source: string, stdin: StdinSource): Promise<JsonValue> {
  let text: string;
  try {
    text = source === '-' ? await readStream(stdin) : await readFile(source, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --input ${source}: ${(error as Error).message}`);
  }
  return parseInputJson(text, source);
}

/**
 * Reads the value of a `-F key=@file` field: the file's text as it is (a trailing newline
 * included, as `gh api` sends it), or standard input for `-`.
 *
 * @throws UsageError when the file cannot be read
 */
export async function readFieldFile(file: string, stdin: StdinSource): Promise<string> {
  try {
    return file === '-' ? await readStream(stdin) : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read the field value from ${file === '-' ? 'standard input' : file}: ${(error as Error).message}`,
    );
  }
}
