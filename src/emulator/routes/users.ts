/**
 * `/users`, `/users/{id}` and `/users/me`.
 *
 * @module
 */
import { recordAudit } from '../store/audit.js';
import { filterByTeams, matchesText } from '../queries/filters.js';
import { ERROR_CODES, fail, invalidInput, ok, restError } from '../server/replies.js';
import type { User } from '../store/resources.js';
import type { RestContext, Route } from '../server/router.js';
import { classicList, found, stringField, unwrapObject } from './bodies.js';
import { expanderFor, USER_INCLUDES } from '../queries/includes.js';
import { contactMethodsOf, notificationRulesOf } from '../store/notifications.js';
import type { EmulatorStore } from '../store/store.js';

/**
 * A user as served: with references to their contact methods and notification rules (the
 * description's `User`), expanded by `include[]`.
 */
function userView(store: EmulatorStore, query: URLSearchParams): (user: User) => unknown {
  const expand = expanderFor(store, query, USER_INCLUDES);
  return (user) =>
    expand({
      ...user,
      contact_methods: contactMethodsOf(store, user.id).map((method) => store.ref(method)),
      notification_rules: notificationRulesOf(store, user.id).map((rule) => store.ref(rule)),
    } as User);
}

/**
 * The message `/users/me` answers an account-level key with. Clients tell the key kinds
 * apart by its phrase "account-level access token", as the service words it.
 */
export const ACCOUNT_KEY_ME_MESSAGE =
  'Because this request was made using an account-level access token, ' +
  "we were unable to determine the user's identity. " +
  'Please use a user-level API key or an OAuth token.';

const EDITABLE = ['name', 'email', 'time_zone', 'role', 'job_title'] as const;

function updateUser(context: RestContext): ReturnType<Route['handler']> {
  const { store } = context;
  const user = found(store.users.get(context.params.id), `User ${context.params.id}`);
  const changes = unwrapObject(context.body, 'user');
  const errors = EDITABLE.map((field) => stringField(changes[field], field)).filter(
    (error): error is string => error !== undefined,
  );
  const email = changes.email as string | undefined;
  if (email !== undefined && !errors.some((error) => error.startsWith('email'))) {
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) errors.push('email must be an email address');
    const holder = store.userByEmail(email);
    if (holder && holder.id !== user.id) errors.push('email is already taken by another user');
  }
  if (errors.length > 0) fail(invalidInput(...errors));
  const fields: { name: string; value: unknown; before_value: unknown }[] = [];
  const previousEmail = user.email;
  for (const field of EDITABLE) {
    const value = changes[field];
    if (typeof value === 'string' && value !== user[field]) {
      fields.push({ name: field, value, before_value: user[field] });
      user[field] = value;
    }
  }
  user.summary = user.name;
  if (user.email !== previousEmail) store.reindexUser(user, previousEmail);
  if (fields.length > 0) {
    const actor = context.identity.kind === 'user' ? store.users.get(context.identity.userId) : undefined;
    recordAudit(store, {
      resource: user,
      action: 'update',
      fields,
      actor: actor ? store.ref(actor) : undefined,
      requestId: context.requestId,
      at: context.now,
    });
  }
  return ok({ user });
}

/** The routes of users. */
export const userRoutes: readonly Route[] = [
  {
    method: 'GET',
    pattern: '/users',
    handler: ({ store, query }) => {
      const text = query.get('query');
      const inTeams = filterByTeams(store.users.all(), query);
      // Without a query, no copy of the whole list for every page.
      const users = text ? inTeams.filter((user: User) => matchesText(text, [user.name, user.email])) : inTeams;
      return classicList('users', users, query, userView(store, query));
    },
  },
  {
    method: 'GET',
    pattern: '/users/me',
    handler: ({ store, identity, query }) => {
      if (identity.kind === 'account') fail(restError(400, ACCOUNT_KEY_ME_MESSAGE, ERROR_CODES.invalidInput));
      return ok({ user: userView(store, query)(found(store.users.get(identity.userId), 'User')) });
    },
  },
  {
    method: 'GET',
    pattern: '/users/{id}',
    handler: ({ store, params, query }) =>
      ok({ user: userView(store, query)(found(store.users.get(params.id), `User ${params.id}`)) }),
  },
  { method: 'PUT', pattern: '/users/{id}', handler: updateUser },
];
