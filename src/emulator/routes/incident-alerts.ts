/**
 * `GET /incidents/{id}/alerts` (classic pagination; `statuses[]`, `alert_key`) and
 * `/incidents/{id}/alerts/{alert_id}`: the alerts the Events API (or `POST /incidents`)
 * opened, one per dedup key; and `GET /priorities`, the account's priorities (the
 * `priorities` option).
 *
 * @module
 */
import { listParam } from '../queries/query-params.js';
import { ok } from '../server/replies.js';
import type { Route } from '../server/router.js';
import { alertsOf } from '../store/incident-lifecycle.js';
import { classicList, found } from './bodies.js';

/** The routes of alerts and priorities. */
export const incidentAlertRoutes: readonly Route[] = [
  {
    method: 'GET',
    pattern: '/incidents/{id}/alerts',
    handler: ({ store, params, query }) => {
      found(store.incidents.get(params.id), `Incident ${params.id}`);
      const statuses = listParam(query, 'statuses');
      const key = query.get('alert_key');
      const alerts = alertsOf(store, params.id).filter(
        (alert) =>
          (statuses.length === 0 || statuses.includes(alert.status)) && (key === null || alert.alert_key === key),
      );
      return classicList('alerts', alerts, query);
    },
  },
  {
    method: 'GET',
    pattern: '/incidents/{id}/alerts/{alert_id}',
    handler: ({ store, params }) => {
      found(store.incidents.get(params.id), `Incident ${params.id}`);
      const alert = alertsOf(store, params.id).find((candidate) => candidate.id === params.alert_id);
      return ok({ alert: found(alert, `Alert ${params.alert_id}`) });
    },
  },
  {
    method: 'GET',
    pattern: '/priorities',
    handler: ({ store, query }) => classicList('priorities', store.priorities.all(), query),
  },
];
