/**
 * `/audit/records`: the audit trail, newest first, with cursor pagination (`limit`,
 * `cursor`; the answer carries `next_cursor`, `null` on the last page).
 *
 * @module
 */
import { auditFilter, matchesAudit } from '../queries/filters.js';
import { cursorPage, cursorRequest } from '../queries/pagination.js';
import { ok } from '../server/replies.js';
import type { AuditRecord } from '../store/resources.js';
import type { Route } from '../server/router.js';

/** Newest first; records of the same time in reverse creation order. */
export function newestFirst(records: readonly AuditRecord[]): AuditRecord[] {
  return [...records].reverse().sort((a, b) => Date.parse(b.execution_time) - Date.parse(a.execution_time));
}

/** The routes of the audit trail. */
export const auditRoutes: readonly Route[] = [
  {
    method: 'GET',
    pattern: '/audit/records',
    handler: ({ store, query }) => {
      const filter = auditFilter(query);
      const request = cursorRequest(query);
      const page = cursorPage(
        newestFirst(store.auditRecords.all().filter((record) => matchesAudit(record, filter))),
        request,
      );
      return ok({ records: page.items, limit: page.limit, next_cursor: page.next_cursor });
    },
  },
];
