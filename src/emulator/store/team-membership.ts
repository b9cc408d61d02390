/**
 * Who is on which team, with which team role. A user's `teams` is where membership lives
 * (so `team_ids[]` filters and fixtures see it); the role of each membership is kept beside
 * it in `store.teamRoles`. The roles are the REST API's (`observer`, `responder`,
 * `manager`: `PUT /teams/{id}/users/{user_id}`'s body); a membership without one stated is
 * `manager`, the default of PagerDuty's Terraform provider ("Defaults to manager",
 * https://registry.terraform.io/providers/PagerDuty/pagerduty/latest/docs/resources/team_membership).
 *
 * @module
 */
import type { Reference, Team, User } from './resources.js';
import type { EmulatorStore } from './store.js';

/** The team roles. */
export const TEAM_ROLES = ['observer', 'responder', 'manager'] as const;

/** A team role. */
export type TeamRole = 'observer' | 'responder' | 'manager';

/** The role a membership has when none was given. */
export const DEFAULT_TEAM_ROLE: TeamRole = 'manager';

function key(teamId: string, userId: string): string {
  return `${teamId} ${userId}`;
}

/** A member of a team, as `GET /teams/{id}/members` lists it. */
export interface TeamMember {
  /** The user. */
  user: Reference;
  /** Their role on the team. */
  role: TeamRole;
}

/** The members of a team, in user order. */
export function teamMembers(store: EmulatorStore, teamId: string): TeamMember[] {
  return store.users
    .all()
    .filter((user) => user.teams.some((team) => team.id === teamId))
    .map((user) => ({ user: store.ref(user), role: store.teamRoles.get(key(teamId, user.id)) ?? DEFAULT_TEAM_ROLE }));
}

/** Adds a user to a team with a role, or changes the role of a member. Returns whether anything changed. */
export function setTeamMember(store: EmulatorStore, team: Team, user: User, role: TeamRole): boolean {
  const member = user.teams.some((ref) => ref.id === team.id);
  const before = store.teamRoles.get(key(team.id, user.id)) ?? DEFAULT_TEAM_ROLE;
  if (!member) user.teams = [...user.teams, store.ref(team)];
  store.teamRoles.set(key(team.id, user.id), role);
  return !member || before !== role;
}

/** Takes a user off a team. Returns whether they were on it. */
export function removeTeamMember(store: EmulatorStore, teamId: string, user: User): boolean {
  const member = user.teams.some((ref) => ref.id === teamId);
  user.teams = user.teams.filter((ref) => ref.id !== teamId);
  store.teamRoles.delete(key(teamId, user.id));
  return member;
}
