/**
 * `npm run example -- <name> [arguments]`: runs `examples/<name>.ts` with tsx (a pinned
 * devDependency, so nothing is downloaded). With neither `PAGERDUTY_API_KEY` nor
 * `PAGERDUTY_ROUTING_KEY` set, it first starts the local emulator and hands the example
 * its URL and fake keys, so that an example runs offline on a fresh clone; with either
 * set, the example talks to what the environment names (your account, say).
 *
 * @module
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Emulator } from '../src/emulator/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLES = path.join(ROOT, 'examples');

/** The examples' names: the `.ts` files of `examples/`, without the extension. */
export function exampleNames(dir = EXAMPLES): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.slice(0, -3))
    .sort();
}

/** Examples the emulator cannot serve: OAuth needs an app registered with PagerDuty. */
const WITHOUT_EMULATOR: readonly string[] = ['oauth-pkce-login'];

/** Examples that run in a page, bundled into it: not from the command line. */
const IN_A_PAGE: readonly string[] = ['browser-pkce-login'];

/** Whether the emulator stands in: the environment names no API to talk to, and the example can use it. */
export function needsEmulator(env: Readonly<Record<string, string | undefined>>, example = ''): boolean {
  return !env.PAGERDUTY_API_KEY && !env.PAGERDUTY_ROUTING_KEY && !WITHOUT_EMULATOR.includes(example);
}

/** The variables that point every example at an emulator, with its fake keys. */
export function emulatorEnvironment(
  emulator: Pick<Emulator, 'url' | 'eventsUrl' | 'keys'> & Partial<Pick<Emulator, 'identityUrl' | 'oauthClients'>>,
): Record<string, string> {
  const env: Record<string, string> = {
    PAGERDUTY_BASE_URL: emulator.url,
    PAGERDUTY_EVENTS_URL: emulator.eventsUrl,
    PAGERDUTY_API_KEY: emulator.keys.account,
  };
  const [user] = emulator.keys.users;
  const [routing] = emulator.keys.routing;
  if (user) env.PAGERDUTY_FROM = user.email;
  if (routing) env.PAGERDUTY_ROUTING_KEY = routing.routingKey;
  // The identity service's confidential app, for the examples on OAuth app tokens.
  const app = emulator.oauthClients?.find((client) => client.clientSecret !== undefined);
  if (emulator.identityUrl && app?.clientSecret) {
    Object.assign(env, {
      PAGERDUTY_IDENTITY_URL: emulator.identityUrl,
      PAGERDUTY_OAUTH_CLIENT_ID: app.clientId,
      PAGERDUTY_OAUTH_CLIENT_SECRET: app.clientSecret,
      PAGERDUTY_OAUTH_SCOPE: 'as_account-us.emulator incidents.read',
    });
  }
  return env;
}

/** Runs one example in a child process and resolves to its exit status. */
function runChild(file: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: ROOT, env, stdio: 'inherit' });
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The runner: `args` are the example's name and its own arguments. */
export async function runExample(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<number> {
  const [name, ...rest] = args;
  const names = exampleNames();
  const chosen = name?.replace(/\.ts$/, '').replace(/^examples\//, '');
  if (!chosen || !names.includes(chosen)) {
    log(`${name ? `no example named "${name}". ` : ''}Usage: npm run example -- <name> [arguments]; the examples are:`);
    for (const example of names) log(`  ${example}`);
    return 2;
  }
  if (IN_A_PAGE.includes(chosen)) {
    log(`${chosen} runs in a page: bundle examples/${chosen}.ts into your app and call its main() (see its comment)`);
    return 2;
  }
  const file = path.join(EXAMPLES, `${chosen}.ts`);
  const childEnv = { ...env };
  // A test runner's NODE_OPTIONS (--experimental-vm-modules) would only add warnings.
  delete childEnv.NODE_OPTIONS;
  if (!needsEmulator(env, chosen)) return runChild(file, rest, childEnv);
  const { startEmulator } = await import('../src/emulator/index.js');
  // OAuth tokens live 2 seconds, so that the examples on managed tokens live through several in a few seconds;
  // the MCP write tools are on for mcp-agent-session, which acknowledges incidents (and runs slow_report).
  const emulator = await startEmulator({ tokenLifetime: 2, mcpWriteTools: true, mcpDemoTools: true });
  log(
    `No PAGERDUTY_API_KEY or PAGERDUTY_ROUTING_KEY set: running ${chosen} ` +
      `against a local emulator at ${emulator.url} (fake data, OAuth tokens of 2 seconds).`,
  );
  try {
    return await runChild(file, rest, { ...childEnv, ...emulatorEnvironment(emulator) });
  } finally {
    await emulator.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runExample(process.argv.slice(2), process.env, (line) => console.error(line));
}
