// Types of heading-code.mjs, for the tests that import it.
import type { Application } from 'typedoc';

/** The markdown-it core rule: code spans of headings become `<code>` markup around text. */
export function headingCodeAsText(state: {
  tokens: unknown[];
  Token: new (type: string, tag: string, nesting: number) => unknown;
}): void;

/** The TypeDoc plugin entry point. */
export function load(app: Application): void;
