// A TypeDoc plugin (typedoc.json "plugin"): headings with inline code, such as
// "## Searching: `find` and `persist`", keep their code words in the page's "On This Page"
// contents and in their anchors. TypeDoc builds both from a heading's text tokens only, so
// code spans vanished ("Searching: and", anchor "#searching-and"). Here each code span of
// a heading becomes the same <code> markup around a text token: the heading renders as
// before, and the contents and the anchor read "Searching: find and persist".

/** Rewrites the code spans of every heading's inline tokens (a markdown-it core rule). */
export function headingCodeAsText(state) {
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

/** @param {import('typedoc').Application} app */
export function load(app) {
  // Options are reset once plugins are loaded; the loader is read when rendering starts.
  app.on('bootstrapEnd', () => {
    const previous = app.options.getValue('markdownItLoader');
    app.options.setValue('markdownItLoader', (parser) => {
      previous(parser);
      parser.core.ruler.push('heading-code-as-text', headingCodeAsText);
    });
  });
}
