// Throwaway consumer projects for the type benchmarks: the package as a user installs it
// (a packed tarball in node_modules), this checkout's dependencies linked beside it, and a
// strict tsconfig.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function linkDependencies(dir) {
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules, { recursive: true });
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry.startsWith('.') || entry === 'pagerduty-client') continue;
    symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
}

/**
 * `npm pack` of a built package folder (this checkout by default) into its own folder
 * under `work` (every build's tarball has the same name): the tarball's path and unpacked
 * size. Scripts are skipped: the benchmarks measure the build that is there.
 */
export function packBuilt(work, name, dir = root) {
  const destination = path.join(work, `pack-${name}`);
  mkdirSync(destination, { recursive: true });
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const [info] = JSON.parse(out.slice(out.indexOf('[')));
  return { tarball: path.join(destination, info.filename), packedSize: info.size, unpackedSize: info.unpackedSize };
}

/**
 * A consumer project with the tarball installed and `files` written.
 *
 * @param compilerOptions - merged over a strict ESM configuration
 */
export function consumerProject(dir, tarball, files, compilerOptions = {}) {
  mkdirSync(path.join(dir, 'node_modules', 'pagerduty-client'), { recursive: true });
  execFileSync('tar', [
    '-xzf',
    tarball,
    '-C',
    path.join(dir, 'node_modules', 'pagerduty-client'),
    '--strip-components=1',
  ]);
  linkDependencies(dir);
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: path.basename(dir), private: true, type: 'module' }),
  );
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  const options = {
    target: 'ES2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    noEmit: true,
    types: ['node'],
    lib: ['ES2023', 'esnext.disposable'],
    ...compilerOptions,
  };
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: options, files: Object.keys(files) }, null, 2),
  );
  return dir;
}

/**
 * A strict program that uses the client the way an application does, and compiles against
 * the baseline release as well as this one: literal paths and described query parameters,
 * with results only logged (the baseline types them `unknown`).
 */
export const CONSUMER_PROGRAM = `import { HttpError, RestApiV2Client } from 'pagerduty-client';

const client = new RestApiV2Client(process.env.PAGERDUTY_API_KEY ?? '', { defaultFrom: 'oncall@example.com' });
const show = (value: unknown): void => console.log(JSON.stringify(value));

export async function report(): Promise<void> {
  show(await client.rget('/users/me'));
  show(await client.rget('/users/PABC123'));
  show(await client.rget('/services/PSVC1', { params: { 'include[]': ['teams'] } }));
  show(await client.rget('/escalation_policies/PEP1'));
  show(await client.rget('/schedules/PSCH1'));
  show(await client.rget('/teams/PTEAM1'));
  show(await client.jget('/abilities'));
  show(await client.jget('/users/me'));
  for await (const incident of client.iterAll('/incidents', { statuses: ['triggered'], urgencies: ['high'] })) {
    show(incident);
  }
  for await (const entry of client.iterAll('/log_entries', { 'include[]': ['incidents'] })) show(entry);
  for await (const record of client.iterCursor('/audit/records')) show(record);
  show(await client.listAll('/services', { 'include[]': ['teams'], query: 'db' }));
  show(await client.listAll('/users', { 'team_ids[]': ['PTEAM1'] }));
  show(await client.listAll('/priorities'));
  show(await client.listAll('/oncalls', { 'escalation_policy_ids[]': ['PEP1'] }));
  show(await client.dictAll('/teams', { by: 'name' }));
  show(await client.dictAll('/escalation_policies'));
  show(await client.find('/users', 'ann@example.com', { attribute: 'email' }));
  show(await client.getTotal('/incidents', { 'statuses[]': ['resolved'] }));
  for await (const entry of client.iterHistory('/log_entries', new Date(0), new Date())) show(entry);
  show(await client.rpost('/incidents/PINC1/notes', { json: { content: 'Rebooted the host' } }));
  show(await client.rput('/incidents/PINC1', { json: { type: 'incident_reference', status: 'resolved' } }));
  show(await client.rput('/incidents', {
    json: [{ id: 'PINC1', type: 'incident_reference', status: 'acknowledged' }],
  }));
  show(await client.rpost('/schedules/PSCH1/overrides', {
    json: [{ start: '2025-01-01T00:00:00Z', end: '2025-01-02T00:00:00Z', user: { id: 'PU1', type: 'user_reference' } }],
  }));
  show(await client.jpost('/teams', { json: { team: { type: 'team', name: 'Ops' } } }));
  show((await client.rdelete('/teams/PTEAM1')).status);
  try {
    show(await client.rget('/users/PMISSING'));
  } catch (error) {
    if (error instanceof HttpError) show(error.status);
  }
}
`;
