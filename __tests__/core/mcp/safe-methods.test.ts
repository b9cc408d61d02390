import { describe, expect, it } from '@jest/globals';
import {
  isRepeatableTool,
  isSafeMcpMethod,
  mayRepeatRequest,
  repeatableToolsAfterPage,
} from '../../../src/core/mcp/safe-methods.js';

const tool = (name: string, annotations?: unknown) => ({ name, inputSchema: { type: 'object' }, annotations });
const READS = { readOnlyHint: true, idempotentHint: true };

describe('isRepeatableTool', () => {
  it('is true only when the annotations say both readOnlyHint and idempotentHint, as booleans', () => {
    expect(isRepeatableTool(tool('get', READS))).toBe(true);
    expect(isRepeatableTool(tool('get', { ...READS, destructiveHint: false }))).toBe(true);
    expect(isRepeatableTool(tool('list', { readOnlyHint: true }))).toBe(false);
    expect(isRepeatableTool(tool('set', { idempotentHint: true }))).toBe(false);
    expect(isRepeatableTool(tool('odd', { readOnlyHint: 'true', idempotentHint: true }))).toBe(false);
    expect(isRepeatableTool(tool('bare'))).toBe(false);
    expect(isRepeatableTool(null)).toBe(false);
    expect(isRepeatableTool([READS])).toBe(false);
  });
});

describe('repeatableToolsAfterPage', () => {
  const page = (...tools: unknown[]) => ({ tools });

  it('starts over with a first page, adds a later page, and leaves the set given as it was', () => {
    const before: ReadonlySet<string> = new Set(['old']);
    const first = repeatableToolsAfterPage(
      before,
      undefined,
      page(tool('a', READS), tool('w', { readOnlyHint: false })),
    );
    expect([...first]).toEqual(['a']);
    const second = repeatableToolsAfterPage(first, { cursor: 'c2' }, page(tool('b', READS)));
    expect([...second].sort()).toEqual(['a', 'b']);
    expect([...first]).toEqual(['a']);
    expect([...before]).toEqual(['old']);
    expect([...repeatableToolsAfterPage(second, {}, page())]).toEqual([]);
  });

  it('passes over a result without a tools array and tools without a string name', () => {
    expect(repeatableToolsAfterPage(new Set(), undefined, { tools: 'no' }).size).toBe(0);
    expect(repeatableToolsAfterPage(new Set(), undefined, null).size).toBe(0);
    expect(repeatableToolsAfterPage(new Set(), undefined, page({ name: 7, annotations: READS })).size).toBe(0);
  });
});

describe('mayRepeatRequest', () => {
  const repeatable = new Set(['get_incident']);

  it('allows the safe methods and the calls of repeatable tools only', () => {
    expect(isSafeMcpMethod('tools/list')).toBe(true);
    expect(mayRepeatRequest('tools/list', undefined, new Set())).toBe(true);
    expect(mayRepeatRequest('tools/call', { name: 'get_incident', arguments: {} }, repeatable)).toBe(true);
    expect(mayRepeatRequest('tools/call', { name: 'resolve_incident' }, repeatable)).toBe(false);
    expect(mayRepeatRequest('tools/call', undefined, repeatable)).toBe(false);
    expect(mayRepeatRequest('custom/get_incident', { name: 'get_incident' }, repeatable)).toBe(false);
  });
});
