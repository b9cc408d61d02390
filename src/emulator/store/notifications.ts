/**
 * Notifying assignees: each user's notification rules for the incident's urgency fire
 * `start_delay_in_minutes` after the assignment, on the contact method they name, while the
 * incident is still triggered and assigned to them (acknowledging stops the rest), and each
 * writes a `notify_log_entry` with the user and `channel.notification` (the description's
 * `NotifyLogEntry` and `Channel`; https://support.pagerduty.com/main/docs/notification-rules:
 * "notification rules ... for high-urgency and low-urgency incidents", each "after a delay").
 *
 * @module
 */
import { logEntry } from './log-entry-writing.js';
import type { ContactMethod, ContactMethodType, NotificationRule } from './contact-resources.js';
import type { Incident, User } from './resources.js';
import type { EmulatorStore } from './store.js';

/** The notification type a contact method's kind sends (the description's `Notification.type`). */
const NOTIFICATION_TYPES: Record<ContactMethodType, string> = {
  email_contact_method: 'email_notification',
  phone_contact_method: 'phone_notification',
  push_notification_contact_method: 'push_notification',
  sms_contact_method: 'sms_notification',
  whatsapp_contact_method: 'sms_notification',
};

/** A user's contact methods (a live list: empty when they have none). */
export function contactMethodsOf(store: EmulatorStore, userId: string): ContactMethod[] {
  return store.contactMethods.get(userId) ?? [];
}

/** A user's notification rules (a live list). */
export function notificationRulesOf(store: EmulatorStore, userId: string): NotificationRule[] {
  return store.notificationRules.get(userId) ?? [];
}

/** Writes the `notify_log_entry` of one rule firing for `user` at `at`. */
export function notify(store: EmulatorStore, incident: Incident, user: User, rule: NotificationRule, at: Date): void {
  const method = contactMethodsOf(store, user.id).find((candidate) => candidate.id === rule.contact_method.id);
  if (!method) return; // its contact method was deleted since
  const type = NOTIFICATION_TYPES[method.type];
  logEntry(
    store,
    incident,
    'notify_log_entry',
    incident.service,
    at,
    {
      type: 'auto',
      notification: {
        type,
        status: 'success',
        address: type === 'push_notification' ? null : method.address,
        started_at: at.toISOString(),
      },
    },
    undefined,
    { summary: `Notified ${user.summary} by ${type.replace('_notification', '')}`, user: store.ref(user) },
  );
}

/**
 * Notifies the users just assigned: the rules without delay at once, the others set on the
 * clock (see `incident-timers.ts`). The incident's earlier notification timers are cancelled.
 */
export function notifyAssignees(store: EmulatorStore, incident: Incident, users: readonly User[], at: Date): void {
  store.timers.cancel(incident.id, 'notify');
  for (const user of users)
    for (const rule of notificationRulesOf(store, user.id)) {
      if (rule.urgency !== incident.urgency) continue;
      if (rule.start_delay_in_minutes === 0) notify(store, incident, user, rule, at);
      else
        store.timers.add({
          kind: 'notify',
          at: at.getTime() + rule.start_delay_in_minutes * 60_000,
          incidentId: incident.id,
          userId: user.id,
          ruleId: rule.id,
        });
    }
}
