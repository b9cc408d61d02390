import { REST_SCHEMAS } from './src/generated/emulator/rest-schemas.js';
import { flattenSchema } from './src/emulator/operations/schema-shapes.js';
const show = (...x: unknown[]) => console.log(x.map((y) => JSON.stringify(y)?.slice(0, 1500)).join(' | '));
const c = REST_SCHEMAS.Channel;
show(c.oneOf?.map((b) => { const f = flattenSchema(b, REST_SCHEMAS); return [f.required, Object.keys(f.properties ?? {}), f.properties?.type]; }));
const m = flattenSchema({ $ref: 'AutomationActionsInvocation' }, REST_SCHEMAS);
show(flattenSchema(m.properties?.metadata, REST_SCHEMAS).properties?.agent);
