/**
 * Deletes as the REST API does them: refused while something still depends on the
 * resource, else cascaded to what referred to it. Each rule names its source; each
 * function answers why a delete is refused (`undefined`: it may go ahead) or does it.
 *
 * @module
 */
import { layerUsers } from './schedule-model.js';
import type { EmulatorStore } from './store.js';

/**
 * Why the user cannot be deleted: "Returns 400 if the user has assigned incidents" (the
 * description of `DELETE /users/{id}`; the emulator's account has no `offboarding` feature).
 */
export function userDeleteRefusal(store: EmulatorStore, userId: string): string | undefined {
  const open = store.incidents
    .all()
    .filter(
      (incident) =>
        incident.status !== 'resolved' && incident.assignments.some((assignment) => assignment.assignee.id === userId),
    );
  if (open.length === 0) return undefined;
  const ids = open.map((incident) => incident.id).join(', ');
  return `User ${userId} has ${open.length} assigned open incident(s) (${ids}); resolve or reassign them first`;
}

/**
 * Deletes a user and takes them out of what named them: schedule layers (and the
 * schedule's `users`), their overrides, escalation rule targets, team roles. A deleted
 * user no longer takes calls (PagerDuty's offboarding: https://support.pagerduty.com/docs/offboarding).
 */
export function deleteUser(store: EmulatorStore, userId: string): void {
  store.removeUser(userId);
  store.contactMethods.delete(userId);
  store.notificationRules.delete(userId);
  for (const schedule of store.schedules.all()) {
    if (!Array.isArray(schedule.schedule_layers)) continue;
    for (const layer of schedule.schedule_layers)
      layer.users = layer.users.filter((member) => member.user.id !== userId);
    schedule.users = layerUsers(schedule.schedule_layers);
    const overrides = store.overrides.get(schedule.id);
    if (overrides)
      store.overrides.set(
        schedule.id,
        overrides.filter((override) => override.user.id !== userId),
      );
  }
  for (const policy of store.escalationPolicies.all())
    for (const rule of policy.escalation_rules) rule.targets = rule.targets.filter((target) => target.id !== userId);
  for (const key of [...store.teamRoles.keys()]) if (key.endsWith(` ${userId}`)) store.teamRoles.delete(key);
}

/** Why the policy cannot be deleted: "The escalation policy must not be in use by any services" (the description). */
export function policyDeleteRefusal(store: EmulatorStore, policyId: string): string | undefined {
  const users = store.services.all().filter((service) => service.escalation_policy.id === policyId);
  if (users.length === 0) return undefined;
  return `Escalation policy ${policyId} is in use by service(s) ${users.map((service) => service.id).join(', ')}`;
}

/**
 * Why the team cannot be deleted: it "Succeeds only if the team has no associated
 * Escalation Policies, Services, Schedules and Subteams" (the description of `DELETE /teams/{id}`).
 */
export function teamDeleteRefusal(store: EmulatorStore, teamId: string): string | undefined {
  const owns = (teams: readonly { id: string }[]) => teams.some((team) => team.id === teamId);
  const kinds = [
    store.escalationPolicies.all().some((policy) => owns(policy.teams)) ? 'escalation policies' : '',
    store.services.all().some((service) => owns(service.teams)) ? 'services' : '',
    store.schedules.all().some((schedule) => Array.isArray(schedule.teams) && owns(schedule.teams)) ? 'schedules' : '',
  ].filter((kind) => kind !== '');
  return kinds.length === 0 ? undefined : `Team ${teamId} still has ${kinds.join(', ')}`;
}

/** Deletes a team and ends its memberships. */
export function deleteTeam(store: EmulatorStore, teamId: string): void {
  store.teams.remove(teamId);
  for (const user of store.users.all()) user.teams = user.teams.filter((team) => team.id !== teamId);
  for (const key of [...store.teamRoles.keys()]) if (key.startsWith(`${teamId} `)) store.teamRoles.delete(key);
}
