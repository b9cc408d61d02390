// Type test (compiled by `npm run typecheck` under `strict`, not run): the escape hatch keeps
// the path's result type and every other check while passing what the description does not
// declare; a type argument, the old workaround, switches all of them off.
import type { Incident, RestApiV2Client, Service, User } from 'pagerduty-client';
import { expectTypeOf } from '../helpers/type-assertions.js';

declare const client: RestApiV2Client;

export async function escapeHatch(): Promise<void> {
  // One undeclared query parameter: the result is still the path's type.
  const service = await client.rget('/services/PSVC123', {
    params: { include: ['teams'] },
    extraParams: { beta_view: 'compact' },
  });
  expectTypeOf(service).toBe<Service>();
  // @ts-expect-error the same parameter in params is still refused
  await client.rget('/services/PSVC123', { params: { beta_view: 'compact' } });
  await client.rget('/services/PSVC123', {
    // @ts-expect-error the declared parameters stay checked next to the extra ones
    params: { include: ['teams'], inclde: ['x'] },
    extraParams: { beta_view: 'compact' },
  });
  // @ts-expect-error so do their values
  await client.rget('/services/PSVC123', { params: { include: 42 }, extraParams: { beta_view: 'compact' } });
  // @ts-expect-error an extra value is still a query value
  await client.rget('/services/PSVC123', { extraParams: { beta_view: { nested: true } } });
  // @ts-expect-error the result type stays checked
  const wrong: User = await client.rget('/services/PSVC123', { extraParams: { beta_view: 'compact' } });

  const body = await client.jget('/incidents', {
    params: { statuses: ['triggered'] },
    extraParams: { 'filter[kind]': 'web' },
  });
  expectTypeOf(body.incidents).toBe<Incident[]>();

  // Iterators: the items keep their type.
  const incidents = await client.listAll(
    '/incidents',
    { statuses: ['triggered'] },
    { extraParams: { beta: true }, concurrency: 2 },
  );
  expectTypeOf(incidents).toBe<Incident[]>();
  for await (const one of client.iterAll('/incidents', {}, { extraParams: { beta: true } }))
    expectTypeOf(one).toBe<Incident>();
  // @ts-expect-error a misspelt option of the iterator is still refused
  await client.listAll('/incidents', {}, { extraParam: { beta: true } });

  // One undeclared body field: the entity stays checked, the result typed.
  const created = await client.rpost('/services', {
    json: { type: 'service', name: 'Web', escalation_policy: { id: 'PEP123', type: 'escalation_policy_reference' } },
    extraFields: { beta_flag: true },
  });
  expectTypeOf(created).toBe<Service>();
  await client.rpost('/services', {
    // @ts-expect-error the declared fields are still checked
    json: { type: 'service', nme: 'Web', escalation_policy: { id: 'PEP123', type: 'escalation_policy_reference' } },
    extraFields: { beta_flag: true },
  });

  // The old workaround: a type argument, and nothing is checked any more.
  const anything = await client.rget<Service>('/services/PSVC123', { params: { beta_view: 'compact' } });
  expectTypeOf(anything).toBe<Service>();
  void wrong;
}
