/**
 * Unknown options named as written, with the nearest known one: `--descripton` is an
 * unknown option ("did you mean --description?"), not a missing `--description`. Pure:
 * the command line and the names a command knows go in, a message comes out.
 *
 * @module
 */

/** The edit distance (insertions, deletions, substitutions, swaps of neighbours) between two words. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2][j - 2] + 1);
      rows[i][j] = best;
    }
  }
  return rows[a.length][b.length];
}

/**
 * The candidate nearest to `word`, when it is near enough to be a slip of the keyboard
 * (at most a third of the word's letters, and at least one, differ); `undefined` otherwise.
 *
 * @example
 * ```ts
 * nearest('descripton', ['description', 'source']); // 'description'
 * nearest('zzz', ['description']);                   // undefined
 * ```
 */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  const allowed = Math.max(1, Math.floor(word.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    const distance = editDistance(word, name);
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/**
 * The options of a command line that none of `known` names, as written (`--descripton`,
 * `-z`). `--no-NAME` counts as known when `NAME` is; a lone `-` and everything after `--`
 * are not options; a word starting with `-` right after an option is its value only when
 * it is a number (`--port -1`).
 *
 * @param known - every option name the command knows, long and short, without dashes
 */
export function unknownOptions(args: readonly string[], known: ReadonlySet<string>): string[] {
  const unknown: string[] = [];
  for (const arg of args) {
    if (arg === '--') break;
    if (!arg.startsWith('-') || arg === '-' || /^-\d/.test(arg)) continue;
    if (arg.startsWith('--')) {
      const name = arg.slice(2).split('=')[0];
      const positive = name.startsWith('no-') ? name.slice(3) : name;
      if (!known.has(name) && !known.has(positive)) unknown.push(`--${name}`);
    } else {
      for (const letter of arg.slice(1).split('=')[0]) if (!known.has(letter)) unknown.push(`-${letter}`);
    }
  }
  return unknown;
}

/**
 * The message for unknown options: each named, with the nearest known long option.
 *
 * @example
 * ```ts
 * unknownOptionsMessage(['--descripton'], ['description', 'source']);
 * // 'unknown option --descripton (did you mean --description?)'
 * ```
 */
export function unknownOptionsMessage(unknown: readonly string[], longNames: readonly string[]): string {
  const parts = unknown.map((option) => {
    const suggestion = option.startsWith('--') ? nearest(option.slice(2), longNames) : undefined;
    return suggestion === undefined ? option : `${option} (did you mean --${suggestion}?)`;
  });
  return `unknown option${unknown.length === 1 ? '' : 's'} ${parts.join(', ')}`;
}
