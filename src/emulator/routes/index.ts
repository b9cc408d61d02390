/**
 * Every REST route the emulator serves.
 *
 * @module
 */
import type { Route } from '../server/router.js';
import { abilityRoutes } from './abilities.js';
import { auditRoutes } from './audit-records.js';
import { changeEventRoutes } from './change-events.js';
import { escalationPolicyRoutes } from './escalation-policies.js';
import { incidentRoutes } from './incidents.js';
import { logEntryRoutes } from './log-entries.js';
import { onCallRoutes } from './oncalls.js';
import { scheduleRoutes } from './schedules.js';
import { serviceChangeEventRoutes } from './service-change-events.js';
import { serviceRoutes } from './services.js';
import { serviceWriteRoutes } from './service-writes.js';
import { teamRoutes } from './teams.js';
import { userRoutes } from './users.js';
import { webhookSubscriptionRoutes } from './webhook-subscriptions.js';

/** The REST API v2 routes, all resources together. */
export const REST_ROUTES: readonly Route[] = [
  ...userRoutes,
  ...teamRoutes,
  ...serviceRoutes,
  ...serviceWriteRoutes,
  ...serviceChangeEventRoutes,
  ...escalationPolicyRoutes,
  ...scheduleRoutes,
  ...incidentRoutes,
  ...logEntryRoutes,
  ...auditRoutes,
  ...abilityRoutes,
  ...changeEventRoutes,
  ...onCallRoutes,
  ...webhookSubscriptionRoutes,
];
