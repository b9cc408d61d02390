/**
 * The typed helper for PagerDuty's tools (arguments and results typed from the extract), and the one-time
 * warning when a server's tool list differs from PagerDuty's known sets.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { McpApiClient, type PagerDutyMcpToolArguments } from '../../../src/index.js';
import { toolSetDifference } from '../../../src/core/mcp/known-tools.js';
import { hostedTools, repositoryTools } from '../../../src/core/mcp/pagerduty-tools.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { instantRetries, realSockets, recordingLogger } from '../../helpers/test-kit.js';
import { expectTypeOf } from '../../helpers/type-assertions.js';

const readNames = (set = repositoryTools()) => set.filter((tool) => tool.kind === 'read').map((tool) => tool.name);

describe('toolSetDifference', () => {
  it('finds no difference in either known set, write tools listed or not', () => {
    expect(toolSetDifference(readNames())).toBeUndefined();
    expect(toolSetDifference(repositoryTools().map((tool) => tool.name))).toBeUndefined();
    expect(toolSetDifference(readNames(hostedTools()))).toBeUndefined();
  });

  it('says nothing of a server that shares no name with PagerDuty’s', () => {
    expect(toolSetDifference(['search_docs', 'fetch_page'])).toBeUndefined();
  });

  it('names the unknown and the missing tools', () => {
    const names = [...readNames().filter((name) => name !== 'list_incidents'), 'list_incidents_v2'];
    expect(toolSetDifference(names)).toBe(
      "the server's tools differ from PagerDuty's repository set (pagerduty-mcp-server 1.1.0): " +
        'unknown list_incidents_v2; missing list_incidents. The typed helpers may not fit this server.',
    );
  });
});

describe('McpApiClient with PagerDuty’s tools', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    realSockets();
    emulator = await startEmulator({ seedIncidents: 4, mcpDemoTools: true, delay: async () => {} });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('calls a tool with typed arguments and gets its typed result', async () => {
    await using mcp = new McpApiClient(emulator.keys.users[0].key, { ...instantRetries, baseUrl: emulator.url });
    const args: PagerDutyMcpToolArguments['list_incidents'] = { statuses: ['triggered'], limit: 2 };
    const { structuredContent } = await mcp.callPagerDutyTool('list_incidents', args);
    const incidents = structuredContent?.response ?? [];
    expectTypeOf(incidents[0]?.incident_number).toBe<number>();
    expect(incidents.length).toBeGreaterThan(0);
    expect(incidents.every((incident) => incident.status === 'triggered')).toBe(true);
    // @ts-expect-error: list_incidents takes no `status` (its filter is `statuses`).
    await mcp.callPagerDutyTool('list_incidents', { status: 'triggered' }).catch(() => undefined);
  });

  it('warns once when the server’s list differs from the known set (here: the emulator’s slow_report)', async () => {
    const logger = recordingLogger();
    await using mcp = new McpApiClient(emulator.keys.users[0].key, {
      ...instantRetries,
      baseUrl: emulator.url,
      logger,
    });
    await mcp.listTools();
    await mcp.listTools();
    expect(logger.lines.warn).toEqual([expect.stringContaining('unknown slow_report')]);
  });
});
