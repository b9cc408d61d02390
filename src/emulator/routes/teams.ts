/**
 * `/teams` and `/teams/{id}`.
 *
 * @module
 */
import { matchesText } from '../queries/filters.js';
import { ok } from '../server/replies.js';
import type { Route } from '../server/router.js';
import { classicList, found } from './bodies.js';

/** The routes of teams. */
export const teamRoutes: readonly Route[] = [
  {
    method: 'GET',
    pattern: '/teams',
    handler: ({ store, query }) => {
      const text = query.get('query');
      return classicList(
        'teams',
        store.teams.all().filter((team) => matchesText(text, [team.name])),
        query,
      );
    },
  },
  {
    method: 'GET',
    pattern: '/teams/{id}',
    handler: ({ store, params }) => ok({ team: found(store.teams.get(params.id), `Team ${params.id}`) }),
  },
];
