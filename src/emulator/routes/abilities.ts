/**
 * `/abilities` and `/abilities/{name}`: 204 when the account has the ability, 402 when not.
 *
 * @module
 */
import { ERROR_CODES, ok, restError } from '../server/replies.js';
import type { Route } from '../server/router.js';

/** The routes of abilities. */
export const abilityRoutes: readonly Route[] = [
  { method: 'GET', pattern: '/abilities', handler: ({ store }) => ok({ abilities: [...store.abilities] }) },
  {
    method: 'GET',
    pattern: '/abilities/{id}',
    handler: ({ store, params }) =>
      store.abilities.has(params.id)
        ? { status: 204 }
        : restError(402, 'Account does not have the abilities to perform the action', ERROR_CODES.abilityMissing, [
            `The account does not have the ability ${params.id}`,
          ]),
  },
];
