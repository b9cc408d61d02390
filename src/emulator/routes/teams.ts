/**
 * `/teams`, `/teams/{id}`, and team membership: `GET /teams/{id}/members` (classic
 * pagination, `include[]=users`), `PUT /teams/{id}/users/{user_id}` (adds a user, or sets
 * their `role`) and `DELETE /teams/{id}/users/{user_id}`; an unknown team or user is a 404.
 *
 * @module
 */
import { recordAudit } from '../store/audit.js';
import { listParam } from '../queries/query-params.js';
import { matchesText } from '../queries/filters.js';
import { fail, invalidInput, ok } from '../server/replies.js';
import type { RestContext, Route } from '../server/router.js';
import {
  DEFAULT_TEAM_ROLE,
  removeTeamMember,
  setTeamMember,
  TEAM_ROLES,
  teamMembers,
  type TeamRole,
} from '../store/team-membership.js';
import { isPlainObject } from '../../core/plain-object.js';
import { classicList, found } from './bodies.js';

function teamAndUser({ store, params }: RestContext) {
  return {
    team: found(store.teams.get(params.id), `Team ${params.id}`),
    user: found(store.users.get(params.user_id), `User ${params.user_id}`),
  };
}

function audit(context: RestContext, teamId: string, fields: { name: string; value: unknown }[]): void {
  const team = context.store.teams.get(teamId);
  if (team)
    recordAudit(context.store, {
      resource: team,
      action: 'update',
      fields,
      requestId: context.requestId,
      at: context.now,
    });
}

function addMember(context: RestContext): ReturnType<Route['handler']> {
  const { team, user } = teamAndUser(context);
  const body = context.body;
  const role = isPlainObject(body) ? body.role : undefined;
  if (body !== undefined && !isPlainObject(body)) fail(invalidInput('The request body must be a JSON object'));
  if (role !== undefined && !(TEAM_ROLES as readonly unknown[]).includes(role))
    fail(invalidInput(`role must be one of ${TEAM_ROLES.join(', ')}`));
  // "Attempting to add a user with the `read_only_user` role will return a 400 error" (the description).
  if (user.role === 'read_only_user')
    fail(invalidInput(`User ${user.id} has the read_only_user role and cannot be added to a team`));
  if (setTeamMember(context.store, team, user, (role as TeamRole | undefined) ?? DEFAULT_TEAM_ROLE))
    audit(context, team.id, [{ name: 'users', value: { user: user.id, role: role ?? DEFAULT_TEAM_ROLE } }]);
  return { status: 204 };
}

function removeMember(context: RestContext): ReturnType<Route['handler']> {
  const { team, user } = teamAndUser(context);
  if (removeTeamMember(context.store, team.id, user))
    audit(context, team.id, [{ name: 'users', value: { removed: user.id } }]);
  return { status: 204 };
}

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
  {
    method: 'GET',
    pattern: '/teams/{id}/members',
    handler: ({ store, params, query }) => {
      found(store.teams.get(params.id), `Team ${params.id}`);
      const include = listParam(query, 'include');
      const unknown = include.filter((name) => name !== 'users');
      if (unknown.length > 0) fail(invalidInput(`include[] may only be users; not ${unknown.join(', ')}`));
      return classicList('members', teamMembers(store, params.id), query, (member) => ({
        user: include.includes('users') ? (store.users.get(member.user.id) ?? member.user) : member.user,
        role: member.role,
      }));
    },
  },
  { method: 'PUT', pattern: '/teams/{id}/users/{user_id}', handler: addMember },
  { method: 'DELETE', pattern: '/teams/{id}/users/{user_id}', handler: removeMember },
];
