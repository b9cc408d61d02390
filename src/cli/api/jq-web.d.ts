/**
 * The types of `jq-web`, which ships none: its module's value is a promise of jq, the C
 * program compiled to WebAssembly, with `raw` (text in, text out, as the `jq` command).
 */
declare module 'jq-web' {
  /** jq loaded: each call runs it once, as `jq FLAGS FILTER` on `input`. */
  export interface JqWeb {
    /**
     * @returns jq's standard output (its final newline dropped), or `undefined` when it printed nothing
     * @throws an Error with jq's `exitCode` and `stderr` when jq fails
     */
    raw(input: string, filter: string, flags?: string[]): string | undefined;
  }
  const jq: PromiseLike<JqWeb>;
  export default jq;
}
