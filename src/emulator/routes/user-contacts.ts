/**
 * A user's contact methods and notification rules: `/users/{id}/contact_methods[/{id}]`
 * and `/users/{id}/notification_rules[/{id}]` (list, create, get, update, delete), kept in
 * the store so that assignments notify by them (`store/notifications.ts`). An unknown user
 * or method or rule is a 404; a rule naming a contact method the user does not have is a 400.
 *
 * Decision: deleting a contact method deletes the notification rules that use it (a rule
 * cannot name a method that is gone; the web app removes them together).
 *
 * @module
 */
import { listParam } from '../queries/query-params.js';
import { ERROR_CODES, fail, invalidInput, ok, restError } from '../server/replies.js';
import type { RestContext, Route } from '../server/router.js';
import type { ContactMethod, NotificationRule, User } from '../store/resources.js';
import type { EmulatorStore } from '../store/store.js';
import { contactMethodsOf, notificationRulesOf } from '../store/notifications.js';
import { checkContactMethod, checkNotificationRule } from '../validation/contact-methods.js';
import { found, unwrapObject } from './bodies.js';

function userOf({ store, params }: RestContext): User {
  return found(store.users.get(params.id), `User ${params.id}`);
}

function methodOf(context: RestContext): { user: User; method: ContactMethod } {
  const user = userOf(context);
  const id = context.params.contact_method_id;
  const method = contactMethodsOf(context.store, user.id).find((candidate) => candidate.id === id);
  return { user, method: found(method, `Contact method ${id}`) };
}

function ruleOf(context: RestContext): { user: User; rule: NotificationRule } {
  const user = userOf(context);
  const id = context.params.notification_rule_id;
  const rule = notificationRulesOf(context.store, user.id).find((candidate) => candidate.id === id);
  return { user, rule: found(rule, `Notification rule ${id}`) };
}

function ruleView(store: EmulatorStore, user: User, rule: NotificationRule, query: URLSearchParams): unknown {
  const include = listParam(query, 'include');
  const unknown = include.filter((name) => name !== 'contact_methods');
  if (unknown.length > 0) fail(invalidInput(`include[] may only be contact_methods; not ${unknown.join(', ')}`));
  if (!include.includes('contact_methods')) return rule;
  const method = contactMethodsOf(store, user.id).find((candidate) => candidate.id === rule.contact_method.id);
  return { ...rule, contact_method: method ?? rule.contact_method };
}

function saveMethod(context: RestContext, existing?: ContactMethod): ContactMethod {
  const { store } = context;
  const user = userOf(context);
  const body = unwrapObject(context.body, 'contact_method');
  const current = contactMethodsOf(store, user.id);
  const checked = checkContactMethod(
    body,
    current.filter((method) => method.id !== existing?.id),
    existing,
  );
  if (!checked.ok) fail(invalidInput(...checked.errors));
  const id = existing?.id ?? store.ids.next();
  const method: ContactMethod = {
    id,
    summary: checked.fields.label,
    ...store.urls(`users/${user.id}/contact_methods`, id),
    ...checked.fields,
    enabled: true,
  };
  // Replaced in place on update, so the list keeps its order.
  store.contactMethods.set(
    user.id,
    existing ? current.map((other) => (other.id === id ? method : other)) : [...current, method],
  );
  return method;
}

function saveRule(context: RestContext, existing?: NotificationRule): NotificationRule {
  const { store } = context;
  const user = userOf(context);
  const body = unwrapObject(context.body, 'notification_rule');
  const methods = contactMethodsOf(store, user.id);
  const checked = checkNotificationRule(body, methods, store.abilities.has('urgencies'), existing);
  if (!checked.ok)
    fail(
      checked.lacksAbility
        ? restError(402, 'Account does not have the abilities to perform the action', ERROR_CODES.abilityMissing, [
            'urgencies',
          ])
        : invalidInput(...checked.errors),
    );
  const method = methods.find((candidate) => candidate.id === checked.fields.contactMethodId)!;
  const id = existing?.id ?? store.ids.next();
  const rule: NotificationRule = {
    id,
    type: 'assignment_notification_rule',
    summary: `${checked.fields.start_delay_in_minutes} minutes: channel ${method.id}`,
    ...store.urls(`users/${user.id}/notification_rules`, id),
    start_delay_in_minutes: checked.fields.start_delay_in_minutes,
    contact_method: store.ref(method),
    urgency: checked.fields.urgency,
  };
  const current = notificationRulesOf(store, user.id);
  store.notificationRules.set(
    user.id,
    existing ? current.map((other) => (other.id === id ? rule : other)) : [...current, rule],
  );
  return rule;
}

const URGENCIES = ['high', 'low', 'all'];

/** The routes of a user's contact methods and notification rules. */
export const userContactRoutes: readonly Route[] = [
  {
    method: 'GET',
    pattern: '/users/{id}/contact_methods',
    handler: (context) => ok({ contact_methods: contactMethodsOf(context.store, userOf(context).id) }),
  },
  {
    method: 'POST',
    pattern: '/users/{id}/contact_methods',
    handler: (context) => ok({ contact_method: saveMethod(context) }, 201),
  },
  {
    method: 'GET',
    pattern: '/users/{id}/contact_methods/{contact_method_id}',
    handler: (context) => ok({ contact_method: methodOf(context).method }),
  },
  {
    method: 'PUT',
    pattern: '/users/{id}/contact_methods/{contact_method_id}',
    handler: (context) => ok({ contact_method: saveMethod(context, methodOf(context).method) }),
  },
  {
    method: 'DELETE',
    pattern: '/users/{id}/contact_methods/{contact_method_id}',
    handler: (context) => {
      const { user, method } = methodOf(context);
      const { store } = context;
      store.contactMethods.set(
        user.id,
        contactMethodsOf(store, user.id).filter((other) => other.id !== method.id),
      );
      store.notificationRules.set(
        user.id,
        notificationRulesOf(store, user.id).filter((rule) => rule.contact_method.id !== method.id),
      );
      return { status: 204 };
    },
  },
  {
    method: 'GET',
    pattern: '/users/{id}/notification_rules',
    handler: (context) => {
      const user = userOf(context);
      // "If not specified, defaults to `high`" (the description's `urgency` parameter).
      const urgency = context.query.get('urgency') ?? 'high';
      if (!URGENCIES.includes(urgency)) fail(invalidInput(`urgency must be one of ${URGENCIES.join(', ')}`));
      const rules = notificationRulesOf(context.store, user.id).filter(
        (rule) => urgency === 'all' || rule.urgency === urgency,
      );
      return ok({ notification_rules: rules.map((rule) => ruleView(context.store, user, rule, context.query)) });
    },
  },
  {
    method: 'POST',
    pattern: '/users/{id}/notification_rules',
    handler: (context) => ok({ notification_rule: saveRule(context) }, 201),
  },
  {
    method: 'GET',
    pattern: '/users/{id}/notification_rules/{notification_rule_id}',
    handler: (context) => {
      const { user, rule } = ruleOf(context);
      return ok({ notification_rule: ruleView(context.store, user, rule, context.query) });
    },
  },
  {
    method: 'PUT',
    pattern: '/users/{id}/notification_rules/{notification_rule_id}',
    handler: (context) => ok({ notification_rule: saveRule(context, ruleOf(context).rule) }),
  },
  {
    method: 'DELETE',
    pattern: '/users/{id}/notification_rules/{notification_rule_id}',
    handler: (context) => {
      const { user, rule } = ruleOf(context);
      context.store.notificationRules.set(
        user.id,
        notificationRulesOf(context.store, user.id).filter((other) => other.id !== rule.id),
      );
      return { status: 204 };
    },
  },
];
