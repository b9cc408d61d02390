/**
 * What `GET /_emulator/state` shows: every modelled collection, as the store keeps it
 * (webhook subscriptions without their secrets).
 *
 * @module
 */
import type { EmulatorStore } from '../store/store.js';

/** The store's collections as plain JSON. */
export function adminState(store: EmulatorStore): Record<string, unknown> {
  return {
    users: store.users.all(),
    teams: store.teams.all(),
    team_roles: Object.fromEntries(store.teamRoles),
    services: store.services.all(),
    integrations: store.integrations.all(),
    escalation_policies: store.escalationPolicies.all(),
    schedules: store.schedules.all(),
    overrides: Object.fromEntries(store.overrides),
    incidents: store.incidents.all(),
    alerts: store.alerts.all(),
    log_entries: store.logEntries.all(),
    priorities: store.priorities.all(),
    maintenance_windows: store.maintenanceWindows.all(),
    change_events: store.changeEvents.all(),
    contact_methods: Object.fromEntries(store.contactMethods),
    notification_rules: Object.fromEntries(store.notificationRules),
    timers: store.timers.all(),
    webhook_subscriptions: store.webhookSubscriptions
      .all()
      .map((subscription) => ({ ...subscription, delivery_method: { ...subscription.delivery_method, secret: null } })),
  };
}
