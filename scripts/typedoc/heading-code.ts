// A TypeDoc plugin (typedoc.json "plugin"): headings with inline code, such as
// "## Searching: `find` and `persist`", keep their code words in the page's "On This Page"
// contents and in their anchors. TypeDoc builds both from a heading's text tokens only, so
// code spans vanished ("Searching: and", anchor "#searching-and"). Here each code span of
// a heading becomes the same <code> markup around a text token: the heading renders as
// before, and the contents and the anchor read "Searching: find and persist".

import type { Application } from 'typedoc';

/** The part of a markdown-it token the rule reads and writes. */
interface Token {
  type: string;
  content: string;
  children: Token[] | null;
}

/** The part of markdown-it's core state the rule reads. */
interface CoreState {
  tokens: Token[];
  Token: new (type: string, tag: string, nesting: number) => Token;
}

/** The part of a markdown-it parser the plugin adds its rule to. */
interface Parser {
  core: { ruler: { push(name: string, rule: (state: CoreState) => void): void } };
}

/** Rewrites the code spans of every heading's inline tokens (a markdown-it core rule). */
export function headingCodeAsText(state: CoreState): void {
  state.tokens.forEach((token, index) => {
    if (token.type !== 'inline' || state.tokens[index - 1]?.type !== 'heading_open' || !token.children) return;
    token.children = token.children.flatMap((child) => {
      if (child.type !== 'code_inline') return [child];
      const open = new state.Token('html_inline', '', 0);
      open.content = '<code>';
      const text = new state.Token('text', '', 0);
      text.content = child.content;
      const close = new state.Token('html_inline', '', 0);
      close.content = '</code>';
      return [open, text, close];
    });
  });
}

/** The TypeDoc plugin entry point. */
export function load(app: Application): void {
  // Options are reset once plugins are loaded; the loader is read when rendering starts.
  app.on('bootstrapEnd', () => {
    const previous = app.options.getValue('markdownItLoader') as (parser: Parser) => void;
    app.options.setValue('markdownItLoader', (parser: Parser) => {
      previous(parser);
      parser.core.ruler.push('heading-code-as-text', headingCodeAsText);
    });
  });
}
