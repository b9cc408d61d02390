// The clients print their warnings to standard error by default (a retry, a refused key). Many
// tests retry on purpose, so those lines are dropped here; a test that checks them spies on
// process.stderr.write, which replaces this filter for its duration.
// The class name may hold digits (RestApiV2Client).
const DEFAULT_LOGGER_LINE = /^\d{4}-\d\d-\d\dT\S+ (WARN|ERROR) [A-Za-z][A-Za-z0-9]*: /;
const write = process.stderr.write.bind(process.stderr);
process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
  if (typeof chunk === 'string' && DEFAULT_LOGGER_LINE.test(chunk)) return true;
  return (write as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stderr.write;
