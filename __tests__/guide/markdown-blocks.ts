/**
 * Reading the guide's Markdown the way its tests need: fenced code blocks with their
 * language and line, and the rows of a table that follows a marker comment.
 */

/** A fenced code block of a Markdown document. */
export interface CodeBlock {
  /** The info string's first word (`ts`, `sh`, ...), `''` when there is none. */
  language: string;
  /** The code, without the fences. */
  code: string;
  /** The 1-based line of the opening fence. */
  line: number;
}

/** Every fenced (```) code block of a document, in order. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  let open: { language: string; line: number; body: string[] } | undefined;
  lines.forEach((text, index) => {
    const fence = /^```(\S*)/.exec(text.trim());
    if (!open && fence && text.startsWith('```')) {
      open = { language: fence[1] ?? '', line: index + 1, body: [] };
    } else if (open && text.trim() === '```') {
      blocks.push({ language: open.language, code: open.body.join('\n'), line: open.line });
      open = undefined;
    } else if (open) {
      open.body.push(text);
    }
  });
  if (open) throw new Error(`unclosed code block opened on line ${open.line}`);
  return blocks;
}

/**
 * The body rows of the first table after `<!-- marker -->`, as trimmed cells (the header
 * and separator rows are skipped).
 */
export function tableAfter(markdown: string, marker: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `<!-- ${marker} -->`);
  if (start < 0) throw new Error(`no <!-- ${marker} --> marker`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.trim().startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2);
}
