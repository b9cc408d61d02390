/**
 * The generic routes: one per operation of the description, answered by
 * `operation-answers.ts`. The router tries them after the hand-written routes (see
 * `routes/index.ts`), so a modelled behaviour always wins over the generic one.
 *
 * @module
 */
import { REST_OPERATIONS } from '../../generated/emulator/rest-operations.js';
import { REST_SCHEMAS } from '../../generated/emulator/rest-schemas.js';
import type { Route } from '../server/router.js';
import { answerOperation } from './operation-answers.js';
import { planOperations } from './operation-plans.js';
import { missingOwner } from './owner-checks.js';

const PLANS = planOperations(REST_OPERATIONS, REST_SCHEMAS);
/** The generic collections the description lets be created: an unknown id in them is unknown. */
const STATEFUL = new Set(PLANS.filter((plan) => plan.stateful).map((plan) => plan.collection));

/** A route per described operation. */
export const OPERATION_ROUTES: readonly Route[] = PLANS.map((plan) => ({
  method: plan.operation.method,
  pattern: plan.operation.path,
  handler: (context) => missingOwner(plan, context, STATEFUL) ?? answerOperation(plan, context),
}));
