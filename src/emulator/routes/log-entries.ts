/**
 * `/log_entries` and `/log_entries/{id}`: every trigger, acknowledgement, resolution and
 * note (`annotate_log_entry`), filtered by `since`, `until`, `team_ids[]`, `is_overview`.
 *
 * @module
 */
import { logEntryFilter, matchesLogEntry } from '../queries/filters.js';
import { ok } from '../server/replies.js';
import { expanderFor, LOG_ENTRY_INCLUDES } from '../queries/includes.js';
import type { Route } from '../server/router.js';
import { classicList, found } from './bodies.js';

/** The routes of log entries. */
export const logEntryRoutes: readonly Route[] = [
  {
    method: 'GET',
    pattern: '/log_entries',
    handler: ({ store, query }) => {
      const filter = logEntryFilter(query);
      const expanded = expanderFor(store, query, LOG_ENTRY_INCLUDES);
      const entries = store.logEntries.all().filter((entry) => matchesLogEntry(entry, filter));
      return classicList('log_entries', entries, query, expanded);
    },
  },
  {
    method: 'GET',
    pattern: '/log_entries/{id}',
    handler: ({ store, params, query }) => {
      const expanded = expanderFor(store, query, LOG_ENTRY_INCLUDES);
      return ok({ log_entry: expanded(found(store.logEntries.get(params.id), `Log entry ${params.id}`)) });
    },
  },
];
