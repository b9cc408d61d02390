/**
 * `slow_report`: a tool that takes its time, to show progress and cancellation. It waits
 * `steps` times `intervalMs` (on the emulator's `delay`, so tests do not wait), sends
 * `notifications/progress` after each step, stops when cancelled, and returns the count of
 * incidents per status.
 *
 * @module
 */
import { integerArgument, jsonResult, type EmulatorTool } from './mcp-tool.js';

/** `slow_report`. */
export const SLOW_REPORT_TOOL: EmulatorTool = {
  name: 'slow_report',
  description: 'Counts incidents per status, slowly: steps x intervalMs, with progress after each step.',
  inputSchema: {
    type: 'object',
    properties: {
      steps: { type: 'integer', minimum: 1, maximum: 20, default: 5 },
      intervalMs: { type: 'integer', minimum: 0, maximum: 10_000, default: 200 },
    },
  },
  kind: 'read',
  run: async (context) => {
    const steps = integerArgument(context.args, 'steps', 5, 1, 20);
    const intervalMs = integerArgument(context.args, 'intervalMs', 200, 0, 10_000);
    for (let step = 1; step <= steps; step += 1) {
      await context.wait(intervalMs);
      context.progress(step, steps, `step ${step} of ${steps}`);
    }
    const counts: Record<string, number> = { triggered: 0, acknowledged: 0, resolved: 0 };
    for (const incident of context.store.incidents.all()) counts[incident.status] += 1;
    return jsonResult({ report: { incidents: counts, steps } });
  },
};
