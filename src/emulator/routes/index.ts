/**
 * Every REST route the emulator serves: the modelled (hand-written) routes first, then one
 * generic route per operation of the description. The router takes the route whose pattern
 * has the most literal segments and, among equals, the first: so a modelled route always
 * wins over the generic one for the same operation, and `/incidents/types` is never taken
 * for `/incidents/{id}`. To model an operation in depth, add its route to the list below.
 *
 * @module
 */
import { OPERATION_ROUTES } from '../operations/operation-routes.js';
import type { Route } from '../server/router.js';
import { abilityRoutes } from './abilities.js';
import { auditRoutes } from './audit-records.js';
import { changeEventRoutes } from './change-events.js';
import { escalationPolicyRoutes } from './escalation-policies.js';
import { incidentRoutes } from './incidents.js';
import { incidentAlertRoutes } from './incident-alerts.js';
import { logEntryRoutes } from './log-entries.js';
import { onCallRoutes } from './oncalls.js';
import { scheduleRoutes } from './schedules.js';
import { scheduleWriteRoutes } from './schedule-writes.js';
import { serviceChangeEventRoutes } from './service-change-events.js';
import { serviceRoutes } from './services.js';
import { serviceWriteRoutes } from './service-writes.js';
import { teamRoutes } from './teams.js';
import { deleteRoutes } from './deletes.js';
import { maintenanceWindowRoutes } from './maintenance-windows.js';
import { userRoutes } from './users.js';
import { userContactRoutes } from './user-contacts.js';
import { webhookSubscriptionRoutes } from './webhook-subscriptions.js';

/** The modelled REST API v2 routes, all resources together. */
export const MODELLED_ROUTES: readonly Route[] = [
  ...userRoutes,
  ...userContactRoutes,
  ...teamRoutes,
  ...serviceRoutes,
  ...serviceWriteRoutes,
  ...serviceChangeEventRoutes,
  ...escalationPolicyRoutes,
  ...scheduleRoutes,
  ...scheduleWriteRoutes,
  ...incidentRoutes,
  ...incidentAlertRoutes,
  ...logEntryRoutes,
  ...auditRoutes,
  ...abilityRoutes,
  ...changeEventRoutes,
  ...onCallRoutes,
  ...webhookSubscriptionRoutes,
  ...deleteRoutes,
  ...maintenanceWindowRoutes,
];

/** The REST API v2 routes: the modelled ones, then the generic one of every described operation. */
export const REST_ROUTES: readonly Route[] = [...MODELLED_ROUTES, ...OPERATION_ROUTES];
