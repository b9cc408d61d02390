import { describe, expect, it } from '@jest/globals';
import {
  cellText,
  chosenColumns,
  csvField,
  itemLines,
  listLines,
  tableLines,
  valueAt,
} from '../../../src/cli/rest/output.js';
import { UsageError } from '../../../src/cli/common/usage-error.js';

const ITEMS = [
  { id: 'P1', title: 'Disk, full', service: { id: 'PS', type: 'service_reference', summary: 'Checkout' }, n: 3 },
  { id: 'P22', title: 'Quote "x"\nline', service: null, n: null },
];

describe('output', () => {
  it('valueAt follows dot paths and stops where they lead nowhere', () => {
    expect(valueAt(ITEMS[0], 'service.id')).toBe('PS');
    expect(valueAt(ITEMS[1], 'service.id')).toBeUndefined();
  });

  it('cellText shows references by summary, lists joined, nothing for null', () => {
    expect(cellText(ITEMS[0].service)).toBe('Checkout');
    expect(cellText([{ assignee: { summary: 'Ann' } }, { assignee: { summary: 'Bo' } }])).toBe('Ann, Bo');
    expect(cellText(null)).toBe('');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
  });

  it('a table pads columns under an upper-case header, cuts line breaks', () => {
    expect(tableLines(ITEMS, ['id', 'service', 'n'])).toEqual(['ID   SERVICE   N', 'P1   Checkout  3', 'P22']);
    expect(tableLines(ITEMS, ['title'])[2]).toBe('Quote "x" line');
  });

  it('CSV has the column paths as header and quotes as RFC 4180 says', () => {
    expect(listLines(ITEMS, { format: 'csv', columns: ['id', 'title'], columnsGiven: false })).toEqual([
      'id,title',
      'P1,"Disk, full"',
      'P22,"Quote ""x""\nline"',
    ]);
    expect(csvField('plain')).toBe('plain');
  });

  it('JSON is whole unless --columns cut it; JSON lines are one item a line', () => {
    expect(JSON.parse(listLines(ITEMS, { format: 'json', columns: ['id'], columnsGiven: false })[0])).toEqual(ITEMS);
    expect(listLines(ITEMS, { format: 'jsonl', columns: ['id', 'service.summary'], columnsGiven: true })).toEqual([
      '{"id":"P1","service.summary":"Checkout"}',
      '{"id":"P22","service.summary":null}',
    ]);
    expect(listLines([], { format: 'csv', columns: ['id'], columnsGiven: false })).toEqual(['id']);
  });

  it('one item as a table is FIELD VALUE lines', () => {
    expect(itemLines(ITEMS[0], { format: 'table', columns: ['id', 'service'], columnsGiven: false })).toEqual([
      'id       P1',
      'service  Checkout',
    ]);
  });

  it('--columns splits on commas and refuses an empty name', () => {
    expect(chosenColumns(['id,title', 'n'], ['x'])).toEqual(['id', 'title', 'n']);
    expect(chosenColumns(undefined, ['x'])).toEqual(['x']);
    expect(() => chosenColumns(['id,,n'], [])).toThrow(UsageError);
  });
});
