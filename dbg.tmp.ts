import { REST_SCHEMAS } from './src/generated/emulator/rest-schemas.js';
for (const k of ['Priority', 'ResolveReason', 'ConferenceBridge', 'IncidentUrgencyRule', 'SupportHours']) console.log(k, JSON.stringify(REST_SCHEMAS[k]).slice(0, 200));
