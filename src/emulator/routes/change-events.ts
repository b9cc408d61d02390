/**
 * `/change_events` and `/change_events/{id}`: the change events received on the Events
 * API's `/v2/change/enqueue`, newest last.
 *
 * @module
 */
import { inWindow, timeWindow } from '../queries/filters.js';
import { ok } from '../server/replies.js';
import type { Route } from '../server/router.js';
import { classicList, found } from './bodies.js';

/** The routes of change events. */
export const changeEventRoutes: readonly Route[] = [
  {
    method: 'GET',
    pattern: '/change_events',
    handler: ({ store, query }) => {
      const window = timeWindow(query);
      return classicList(
        'change_events',
        store.changeEvents.all().filter((event) => inWindow(event.timestamp, window)),
        query,
      );
    },
  },
  {
    method: 'GET',
    pattern: '/change_events/{id}',
    handler: ({ store, params }) =>
      ok({ change_event: found(store.changeEvents.get(params.id), `Change event ${params.id}`) }),
  },
];
