import { describe, expect, it } from '@jest/globals';
import {
  classicPage,
  classicRequest,
  cursorPage,
  cursorRequest,
  decodeCursor,
  encodeCursor,
} from '../../../src/emulator/queries/pagination.js';
import { replyOf } from '../../helpers/test-kit.js';

const items = Array.from({ length: 7 }, (_, i) => i);

describe('classic pagination', () => {
  it('defaults to limit 25, offset 0 and total null', () => {
    expect(classicRequest(new URLSearchParams())).toEqual({ limit: 25, offset: 0, total: false });
    expect(classicPage(items, { limit: 25, offset: 0, total: false })).toEqual({
      items,
      limit: 25,
      offset: 0,
      more: false,
      total: null,
    });
  });

  it('slices a page, says whether more follow, and counts the total only when asked', () => {
    expect(classicPage(items, { limit: 3, offset: 3, total: true })).toEqual({
      items: [3, 4, 5],
      limit: 3,
      offset: 3,
      more: true,
      total: 7,
    });
    expect(classicPage(items, { limit: 3, offset: 6, total: false })).toMatchObject({
      items: [6],
      more: false,
      total: null,
    });
    expect(classicPage(items, { limit: 3, offset: 50, total: false })).toMatchObject({ items: [], more: false });
  });

  it('serves at most 100 items per page', () => {
    const many = Array.from({ length: 250 }, (_, i) => i);
    const page = classicPage(many, { limit: 1000, offset: 0, total: false });
    expect(page.items).toHaveLength(100);
    expect(page.limit).toBe(100);
    expect(page.more).toBe(true);
  });

  it('accepts limit + offset of exactly 10,000', () => {
    expect(classicRequest(new URLSearchParams('limit=100&offset=9900'))).toEqual({
      limit: 100,
      offset: 9900,
      total: false,
    });
  });

  it('answers 400 Invalid Request when limit + offset exceeds 10,000', () => {
    const reply = replyOf(() => classicRequest(new URLSearchParams('limit=100&offset=9901')));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: { message: 'Invalid Request', code: 2001 } });
  });

  it('answers 400 for a limit that is not a whole number', () => {
    expect(replyOf(() => classicRequest(new URLSearchParams('limit=ten'))).status).toBe(400);
    expect(replyOf(() => classicRequest(new URLSearchParams('offset=-1'))).status).toBe(400);
  });

  it('reads total=true', () => {
    expect(classicRequest(new URLSearchParams('total=true')).total).toBe(true);
    expect(classicRequest(new URLSearchParams('total=false')).total).toBe(false);
  });
});

describe('cursor pagination', () => {
  it('round-trips cursors and rejects foreign ones', () => {
    expect(decodeCursor(encodeCursor(42))).toBe(42);
    expect(decodeCursor('not-a-cursor')).toBeUndefined();
    expect(replyOf(() => cursorRequest(new URLSearchParams('cursor=bogus'))).status).toBe(400);
  });

  it('walks every item exactly once and ends with next_cursor null', () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages += 1) {
      const page = cursorPage(items, { limit: 3, cursor });
      seen.push(...page.items);
      if (page.next_cursor === null) break;
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(items);
  });

  it('defaults the limit to 100 and keeps it within 1..100', () => {
    expect(cursorRequest(new URLSearchParams()).limit).toBe(100);
    expect(cursorPage(items, { limit: 0, cursor: undefined }).items).toHaveLength(1);
  });
});
