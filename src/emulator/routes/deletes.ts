/**
 * `DELETE /users/{id}`, `/escalation_policies/{id}` and `/teams/{id}`: refused with `400
 * Arguments Caused Error` while something depends on the resource, else done with their
 * cascades (see `store/deletions.ts`); `404` for an unknown id.
 *
 * @module
 */
import { recordAudit } from '../store/audit.js';
import {
  deleteTeam,
  deleteUser,
  policyDeleteRefusal,
  teamDeleteRefusal,
  userDeleteRefusal,
} from '../store/deletions.js';
import { ERROR_CODES, fail, restError } from '../server/replies.js';
import type { ResourceBase } from '../store/resources.js';
import type { RestContext, Route } from '../server/router.js';
import { found } from './bodies.js';

function refuse(reason: string | undefined): void {
  if (reason !== undefined) fail(restError(400, 'Arguments Caused Error', ERROR_CODES.argumentsCausedError, [reason]));
}

function audited(context: RestContext, resource: ResourceBase): void {
  recordAudit(context.store, { resource, action: 'delete', fields: [], requestId: context.requestId, at: context.now });
}

/** The routes of the modelled deletes. */
export const deleteRoutes: readonly Route[] = [
  {
    method: 'DELETE',
    pattern: '/users/{id}',
    handler: (context) => {
      const user = found(context.store.users.get(context.params.id), `User ${context.params.id}`);
      refuse(userDeleteRefusal(context.store, user.id));
      deleteUser(context.store, user.id);
      audited(context, user);
      return { status: 204 };
    },
  },
  {
    method: 'DELETE',
    pattern: '/escalation_policies/{id}',
    handler: (context) => {
      const { store, params } = context;
      const policy = found(store.escalationPolicies.get(params.id), `Escalation policy ${params.id}`);
      refuse(policyDeleteRefusal(store, policy.id));
      store.escalationPolicies.remove(policy.id);
      audited(context, policy);
      return { status: 204 };
    },
  },
  {
    method: 'DELETE',
    pattern: '/teams/{id}',
    handler: (context) => {
      const team = found(context.store.teams.get(context.params.id), `Team ${context.params.id}`);
      refuse(teamDeleteRefusal(context.store, team.id));
      deleteTeam(context.store, team.id);
      audited(context, team);
      return { status: 204 };
    },
  },
];
