import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { McpError } from '../../../src/core/mcp/mcp-error.js';
import { mcpTestBed, replyJson, type McpHandler } from '../../helpers/mcp-server.js';
import { realSockets } from '../../helpers/test-kit.js';
import { structuredContentProblems } from '../../../src/core/mcp/mcp-api-client.js';
import { outputSchemasAfterPage } from '../../../src/core/mcp/mcp-session.js';

const schema = {
  type: 'object',
  properties: { count: { type: 'integer', minimum: 0 }, ids: { type: 'array', items: { type: 'string' } } },
  required: ['count'],
};

describe('output schemas', () => {
  it('keeps the schemas a tools/list page declares: a first page starts over, a later one adds', () => {
    const first = outputSchemasAfterPage(new Map([['old', {}]]), undefined, {
      tools: [{ name: 'a', outputSchema: schema }, { name: 'b' }],
    });
    expect([...first.keys()]).toEqual(['a']);
    const second = outputSchemasAfterPage(first, { cursor: 'c' }, { tools: [{ name: 'c', outputSchema: {} }] });
    expect([...second.keys()]).toEqual(['a', 'c']);
  });

  it('finds nothing wrong with structuredContent that matches, nor with a tool error without it', async () => {
    expect(
      await structuredContentProblems(schema, { content: [], structuredContent: { count: 2, ids: ['P1'] } }),
    ).toEqual([]);
    expect(await structuredContentProblems(schema, { content: [], isError: true })).toEqual([]);
  });

  it('names each place structuredContent does not match, and its absence', async () => {
    const problems = await structuredContentProblems(schema, {
      content: [],
      structuredContent: { count: -1, ids: [3] },
    });
    expect(problems.some((problem) => problem.startsWith('#/count'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('#/ids/0'))).toBe(true);
    expect(await structuredContentProblems(schema, { content: [] })).toEqual([
      'the tool declares an outputSchema but returned no structuredContent',
    ]);
  });
});

describe('callTool and the output schema', () => {
  const bed = mcpTestBed('u+outputschemakey1');
  beforeAll(realSockets);
  afterEach(bed.tearDown);

  const server: McpHandler = (received, res) => {
    if (received.message?.method === 'tools/list')
      return replyJson(received, res, {
        tools: [{ name: 'count', inputSchema: { type: 'object' }, outputSchema: schema }],
      });
    const { arguments: args } = received.message?.params as { arguments: { value: unknown } };
    replyJson(received, res, { content: [], structuredContent: { count: args.value } });
  };

  it('checks structuredContent by the schema of the last tools/list; a mismatch throws -32602', async () => {
    const { client } = await bed.setUp(server);
    expect((await client.callTool('count', { value: 1 })).structuredContent).toEqual({ count: 1 }); // no schema yet
    await client.listTools();
    expect((await client.callTool('count', { value: 2 })).structuredContent).toEqual({ count: 2 });
    const error = await client.callTool('count', { value: 'two' }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
    expect((error as McpError).message).toMatch(
      /does not match the tool's outputSchema: .*#\/count: Instance type "string" is invalid/,
    );
  });
});
