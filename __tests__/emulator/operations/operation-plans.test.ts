import { describe, expect, it } from '@jest/globals';
import { planOperations } from '../../../src/emulator/operations/operation-plans.js';
import { REST_OPERATIONS } from '../../../src/generated/emulator/rest-operations.js';
import { REST_SCHEMAS } from '../../../src/generated/emulator/rest-schemas.js';

const plans = new Map(planOperations(REST_OPERATIONS, REST_SCHEMAS).map((plan) => [plan.operation.id, plan]));

describe('planOperations', () => {
  it('plans every described operation', () => {
    expect(plans.size).toBe(REST_OPERATIONS.length);
  });

  it('knows a create, its stateful collection and the wrappers', () => {
    expect(plans.get('createBusinessService')).toMatchObject({
      target: 'collection',
      collection: '/business_services',
      creates: 'one',
      stateful: true,
      answerKey: 'business_service',
      bodyKey: 'business_service',
    });
    expect(plans.get('getBusinessService')).toMatchObject({ target: 'item', idParameter: 'id', stateful: true });
    expect(plans.get('listBusinessServices')).toMatchObject({ listKey: 'business_services' });
  });

  it('takes a POST answering no resource for a query, not a create', () => {
    expect(plans.get('getAnalyticsIncidents')?.creates).toBeUndefined();
  });

  it('knows a bulk create, answered as a list', () => {
    expect(plans.get('createCustomShifts')).toMatchObject({ creates: 'many', listKey: 'custom_shifts' });
  });
});
