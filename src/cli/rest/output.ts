/**
 * How the REST commands print what they read: `--output table|json|jsonl|csv` and
 * `--columns`. Pure: items and a choice of columns go in, lines come out, so that each
 * format has its own test. A column is a dot path into an item (`service.summary`); a
 * reference (an object with a `summary`) shows as its summary, a list as its values
 * joined with `, `.
 *
 * @module
 */
import { UsageError } from '../common/usage-error.js';

/** The formats `--output` accepts. */
export const OUTPUT_FORMATS = ['table', 'json', 'jsonl', 'csv'] as const;

/** One of {@link OUTPUT_FORMATS}. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** The widest a table cell is before it is cut with `…` (JSON and CSV are never cut). */
const MAX_CELL = 60;

/** The value at a dot path of `item` (`service.summary`); `undefined` where the path leads nowhere. */
export function valueAt(item: unknown, path: string): unknown {
  let value = item;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * A value as a cell's text: a reference as its summary (else its name, email or id), a
 * list as its cells joined with `, `, other objects as JSON, `null` and `undefined` empty.
 *
 * @example
 * ```ts
 * cellText({ id: 'PSVC', type: 'service_reference', summary: 'Checkout' }); // 'Checkout'
 * cellText(['a', 'b']);                                                    // 'a, b'
 * ```
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // An assignment holds its user under `assignee`, an on-call entry under `user`.
    for (const key of ['summary', 'name', 'email', 'assignee', 'id']) {
      if (record[key] !== undefined && record[key] !== null) return cellText(record[key]);
    }
    return JSON.stringify(value);
  }
  return String(value);
}

/**
 * The columns to print: `--columns` (comma-separated, repeatable), else the command's
 * defaults.
 *
 * @throws UsageError for an empty column name
 */
export function chosenColumns(given: readonly string[] | undefined, defaults: readonly string[]): string[] {
  if (given === undefined || given.length === 0) return [...defaults];
  const columns = given.flatMap((text) => text.split(',')).map((name) => name.trim());
  if (columns.some((name) => name === '')) throw new UsageError('--columns: a column name is empty');
  return columns;
}

/** One CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function cut(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
}

/** The header of a column: its path in upper case, dots as spaces (`SERVICE SUMMARY`). */
function header(column: string): string {
  return column.replaceAll('.', ' ').replaceAll('_', ' ').toUpperCase();
}

/**
 * Lines for a table: a header, then one row per item, columns padded to line up.
 *
 * @example
 * ```ts
 * tableLines([{ id: 'P1', name: 'Ann' }], ['id', 'name']); // ['ID  NAME', 'P1  Ann']
 * ```
 */
export function tableLines(items: readonly unknown[], columns: readonly string[]): string[] {
  const rows = [
    columns.map(header),
    ...items.map((item) => columns.map((column) => cut(cellText(valueAt(item, column))))),
  ];
  const widths = columns.map((_, index) => Math.max(...rows.map((row) => row[index].length)));
  return rows.map((row) =>
    row
      .map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index])))
      .join('  ')
      .trimEnd(),
  );
}

/** Lines of CSV: the header (the column paths), then one row per item. */
export function csvLines(items: readonly unknown[], columns: readonly string[]): string[] {
  return [
    columns.map(csvField).join(','),
    ...items.map((item) => columns.map((column) => csvField(cellText(valueAt(item, column)))).join(',')),
  ];
}

/** What an item is, cut to the chosen columns, for JSON output when `--columns` is given. */
function picked(item: unknown, columns: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column, valueAt(item, column) ?? null]));
}

/**
 * Prints items as a list in one format. JSON is the items whole (an array), unless
 * `--columns` was given: then each item holds just those paths. Table and CSV print their
 * header even for no items, so that a script sees the columns.
 */
export interface ListPrinting {
  readonly format: OutputFormat;
  readonly columns: readonly string[];
  /** Whether the user chose the columns (JSON is then cut to them). */
  readonly columnsGiven: boolean;
}

/**
 * The lines of a list of items.
 *
 * @example
 * ```ts
 * listLines([{ id: 'P1' }], { format: 'csv', columns: ['id'], columnsGiven: false }); // ['id', 'P1']
 * ```
 */
export function listLines(items: readonly unknown[], printing: ListPrinting): string[] {
  const { format, columns, columnsGiven } = printing;
  const shaped = columnsGiven ? items.map((item) => picked(item, columns)) : items;
  switch (format) {
    case 'json':
      return [JSON.stringify(shaped, null, 2)];
    case 'jsonl':
      return shaped.map((item) => JSON.stringify(item));
    case 'csv':
      return csvLines(items, columns);
    case 'table':
      return tableLines(items, columns);
  }
}

/**
 * The lines of one item (`show`): a table is two columns, FIELD and VALUE, one row per
 * column; JSON is the item (whole, or cut to `--columns`); JSONL one line; CSV a header and a row.
 */
export function itemLines(item: unknown, printing: ListPrinting): string[] {
  const { format, columns, columnsGiven } = printing;
  if (format === 'json') return [JSON.stringify(columnsGiven ? picked(item, columns) : item, null, 2)];
  if (format !== 'table') return listLines([item], printing);
  const width = Math.max(...columns.map((column) => column.length));
  return columns.map((column) => `${column.padEnd(width)}  ${cut(cellText(valueAt(item, column)))}`.trimEnd());
}
