/**
 * `GET /services/{id}/change_events`: the change events sent to the service's
 * integrations through the Events API's `/v2/change/enqueue`, classic-paginated, with
 * `since`/`until` and `integration_ids[]`.
 *
 * @module
 */
import { inWindow, timeWindow } from '../queries/filters.js';
import { listParam } from '../queries/query-params.js';
import type { Route } from '../server/router.js';
import { classicList, found } from './bodies.js';

/** The route of a service's change events. */
export const serviceChangeEventRoutes: readonly Route[] = [
  {
    method: 'GET',
    pattern: '/services/{id}/change_events',
    handler: ({ store, params, query }) => {
      found(store.services.get(params.id), `Service ${params.id}`);
      const window = timeWindow(query);
      const integrationIds = listParam(query, 'integration_ids');
      const events = store.changeEvents
        .all()
        .filter((event) => event.services.some((service) => service.id === params.id))
        .filter((event) => integrationIds.length === 0 || integrationIds.includes(event.integration.id))
        .filter((event) => inWindow(event.timestamp, window));
      return classicList('change_events', events, query);
    },
  },
];
