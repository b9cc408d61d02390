// Node, Bun and Deno: the scenario with its configuration from the first argument, the result as JSON on stdout.
import { runScenario } from './scenario.mjs';

const config = JSON.parse(globalThis.Deno ? Deno.args[0] : process.argv[2]);
const result = await runScenario(config);
console.log(JSON.stringify(result));
