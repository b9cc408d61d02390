/**
 * `/escalation_policies` and `/escalation_policies/{id}` (with `escalation_rules`).
 *
 * @module
 */
import { recordAudit } from '../store/audit.js';
import { parseEscalationRules } from '../validation/escalation-rules.js';
import { filterByTeams, matchesText } from '../queries/filters.js';
import { listParam } from '../queries/query-params.js';
import { ESCALATION_POLICY_INCLUDES, expanderFor } from '../queries/includes.js';
import { fail, invalidInput, ok } from '../server/replies.js';
import type { EscalationPolicy, Reference } from '../store/resources.js';
import type { EmulatorStore } from '../store/store.js';
import type { RestContext, Route } from '../server/router.js';
import { classicList, found, stringField, unwrapObject } from './bodies.js';

/** A policy as served: with the services that use it. */
export function policyView(
  store: EmulatorStore,
  policy: EscalationPolicy,
): EscalationPolicy & { services: Reference[] } {
  const services = store.services
    .all()
    .filter((service) => service.escalation_policy.id === policy.id)
    .map((service) => store.ref(service));
  return { ...policy, services };
}

function targetsUser(policy: EscalationPolicy, userIds: readonly string[]): boolean {
  return policy.escalation_rules.some((rule) =>
    rule.targets.some((target) => target.type === 'user_reference' && userIds.includes(target.id)),
  );
}

function updatePolicy(context: RestContext): ReturnType<Route['handler']> {
  const { store } = context;
  const policy = found(store.escalationPolicies.get(context.params.id), `Escalation policy ${context.params.id}`);
  const changes = unwrapObject(context.body, 'escalation_policy');
  const errors = [stringField(changes.name, 'name'), stringField(changes.description, 'description')].filter(
    (error): error is string => error !== undefined,
  );
  if (changes.num_loops !== undefined && (!Number.isInteger(changes.num_loops) || (changes.num_loops as number) < 0)) {
    errors.push('num_loops must be a whole number >= 0');
  }
  let rules = policy.escalation_rules;
  if (changes.escalation_rules !== undefined) {
    const outcome = parseEscalationRules(
      changes.escalation_rules,
      (type, id) => {
        const target = type === 'user_reference' ? store.users.get(id) : store.schedules.get(id);
        return target ? store.ref(target) : undefined;
      },
      () => store.ids.next(),
    );
    if (outcome.ok) rules = outcome.rules;
    else errors.push(...outcome.errors);
  }
  if (errors.length > 0) fail(invalidInput(...errors));
  const fields: { name: string; value: unknown; before_value: unknown }[] = [];
  for (const field of ['name', 'description', 'num_loops'] as const) {
    const value = changes[field];
    if (value !== undefined && value !== policy[field]) {
      fields.push({ name: field, value, before_value: policy[field] });
      (policy as unknown as Record<string, unknown>)[field] = value;
    }
  }
  if (rules !== policy.escalation_rules) {
    fields.push({ name: 'escalation_rules', value: rules, before_value: policy.escalation_rules });
    policy.escalation_rules = rules;
  }
  policy.summary = policy.name;
  if (fields.length > 0)
    recordAudit(store, { resource: policy, action: 'update', fields, requestId: context.requestId, at: context.now });
  return ok({ escalation_policy: policyView(store, policy) });
}

/** The routes of escalation policies. */
export const escalationPolicyRoutes: readonly Route[] = [
  {
    method: 'GET',
    pattern: '/escalation_policies',
    handler: ({ store, query }) => {
      const text = query.get('query');
      const userIds = listParam(query, 'user_ids');
      const policies = filterByTeams(store.escalationPolicies.all(), query).filter(
        (policy) => matchesText(text, [policy.name]) && (userIds.length === 0 || targetsUser(policy, userIds)),
      );
      const expanded = expanderFor(store, query, ESCALATION_POLICY_INCLUDES);
      return classicList('escalation_policies', policies, query, (policy) => expanded(policyView(store, policy)));
    },
  },
  {
    method: 'GET',
    pattern: '/escalation_policies/{id}',
    handler: ({ store, params, query }) => {
      const policy = found(store.escalationPolicies.get(params.id), `Escalation policy ${params.id}`);
      const expanded = expanderFor(store, query, ESCALATION_POLICY_INCLUDES);
      return ok({ escalation_policy: expanded(policyView(store, policy)) });
    },
  },
  { method: 'PUT', pattern: '/escalation_policies/{id}', handler: updatePolicy },
];
