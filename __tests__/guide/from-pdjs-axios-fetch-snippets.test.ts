import { seams } from '../helpers/test-kit.js';
/**
 * guide/from-pdjs-axios-fetch.md: every TypeScript block runs against the emulator, with
 * what it printed checked (guide-snippets.test.ts type-checks them, with every block of
 * the guide, in one program: checking them here again would cost seconds). The page's
 * `PAGERDUTY_API_KEY` is a fixture user's key (Ada, `PABC123`), `PAGERDUTY_ROUTING_KEY` the
 * routing key of a fixture service (`PSVC001`); the clients it makes talk to the emulator
 * and never sleep. A `ts` block without a `<!-- run: name -->` marker, or without a case
 * here, fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as core from '../../src/index.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { runSnippet, sectionSnippets, type Snippet } from '../legacy/snippet-runner.js';
import { instantSleep } from '../helpers/test-kit.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const snippets = sectionSnippets(
  readFileSync(path.join(root, 'guide/from-pdjs-axios-fetch.md'), 'utf8'),
  '# From pdjs, node-pagerduty, axios or fetch',
);
const ADA_KEY = 'u+ada-port-guide';
const LEDGER_ROUTING_KEY = 'ledger0routing0key0000000000000a';

let emulator: Emulator;
let modules: Record<string, Readonly<Record<string, unknown>>>;
const saved = {
  PAGERDUTY_API_KEY: process.env.PAGERDUTY_API_KEY,
  PAGERDUTY_ROUTING_KEY: process.env.PAGERDUTY_ROUTING_KEY,
};

beforeAll(async () => {
  emulator = await startEmulator({
    seedIncidents: 250, // one every minute from 2024-01-01T00:00Z: three pages of 100 in the first day
    fixtures: {
      users: [{ id: 'PABC123', name: 'Ada Lovelace', email: 'ada@example.com', apiKey: ADA_KEY }],
      services: [{ id: 'PSVC001', name: 'Ledger', responderId: 'PABC123', routingKey: LEDGER_ROUTING_KEY }],
      incidents: [{ id: 'PINC001', serviceId: 'PSVC001', title: 'Ledger down' }],
    },
  });
  const url = emulator.url;
  /** The reader's client, pointed at the emulator and never pausing for real. */
  class RestApiV2Client extends core.RestApiV2Client {
    constructor(key: string, options: core.RestApiV2ClientOptions = {}) {
      super(key, { baseUrl: url, ...seams({ sleep: instantSleep }), ...options });
    }
  }
  class EventsApiV2Client extends core.EventsApiV2Client {
    constructor(routingKey: string, options: core.EventsApiV2ClientOptions = {}) {
      super(routingKey, { baseUrl: url, ...seams({ sleep: instantSleep }), ...options });
    }
  }
  modules = { 'pagerduty-client': { ...core, RestApiV2Client, EventsApiV2Client } };
  process.env.PAGERDUTY_API_KEY = ADA_KEY;
  process.env.PAGERDUTY_ROUTING_KEY = LEDGER_ROUTING_KEY;
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await emulator.close();
});

const incidents = () => emulator.state.incidents.all();

/** Per snippet: what it must have printed (and done to the emulator's state). */
const CASES: Record<string, () => (printed: string[]) => void> = {
  get: () => {
    const triggered = incidents().filter((incident) => incident.status === 'triggered').length;
    return (printed) => expect(printed).toEqual([`${Math.min(5, triggered)} ${triggered > 5} ada@example.com`]);
  },
  all: () => {
    const names = emulator.state.services
      .all()
      .map((service) => service.name)
      .join(', ');
    const open = incidents().filter((incident) => incident.status !== 'resolved' && incident.urgency === 'high').length;
    return (printed) => expect(printed).toEqual([names, `${open} open high-urgency incidents`]);
  },
  'offset-loop': () => {
    const before = emulator.requests.length;
    return (printed) => {
      expect(printed).toEqual(['250 1 250']);
      const pages = emulator.requests.slice(before).filter((request) => request.path === '/incidents');
      expect(pages.map((request) => new URLSearchParams(request.query).get('offset')).sort()).toEqual([
        '0',
        '100',
        '200',
      ]);
    };
  },
  errors: () => (printed) => expect(printed).toEqual(['no such user: User PNOPE00 not found', '404 false']),
  'per-status': () => (printed) =>
    expect(printed).toEqual([
      'PagerDuty refused the request: incident.title must be a non-empty string; ' +
        'incident.service must reference an existing service',
      'The API key is not valid; check PAGERDUTY_API_KEY',
      'Not found',
    ]),
  'node-pagerduty': () => {
    const first = incidents().find((incident) => incident.status === 'triggered');
    return (printed) => {
      expect(printed).toEqual([`${first?.id} acknowledged`]);
      expect(emulator.state.incidents.get(first!.id)?.acknowledgements.at(-1)?.acknowledger.id).toBe('PABC123');
    };
  },
  fetch: () => (printed) => {
    expect(printed).toEqual(['resolved true']);
    expect(emulator.state.incidents.get('PINC001')?.status).toBe('resolved');
  },
  events: () => (printed) => {
    expect(printed).toEqual(['db01/disk']);
    const incident = incidents().find((item) => item.incident_key === 'db01/disk');
    expect(incident).toMatchObject({ service: { id: 'PSVC001' }, title: 'Disk 95% full on db01', status: 'triggered' });
    expect(
      emulator.state.changeEvents.all().map((event) => [event.summary, event.source, event.services[0].id]),
    ).toEqual([['Deployed v1.4.2', 'ci', 'PSVC001']]);
  },
  'rotating-token': () => {
    const before = emulator.requests.length;
    return (printed) => {
      expect(printed).toEqual(['Ada Lovelace', 'ada@example.com']);
      expect(emulator.requests.slice(before).map((request) => request.status)).toEqual([200, 200]);
    };
  },
  'input-key': () => (printed) =>
    expect(printed).toEqual([
      'bad input: a credential must be a non-empty string',
      'PagerDuty refused the key',
      'ok, can read Ada Lovelace',
    ]),
};

describe('guide/from-pdjs-axios-fetch.md', () => {
  it('has its TypeScript blocks, each named for a case of this test', () => {
    expect(snippets.map((snippet) => snippet.name)).toEqual(Object.keys(CASES));
  });

  // In page order: later blocks see what earlier ones changed (an acknowledged, a resolved incident).
  it.each(snippets.map((snippet): [string, Snippet] => [snippet.name, snippet]))(
    'runs %s against the emulator',
    async (name, snippet) => {
      const verify = CASES[name]();
      verify(await runSnippet(snippet, modules));
    },
  );
});
