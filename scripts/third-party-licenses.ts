// The licenses of the third-party code the build bundles into the package (node-fetch, the proxy agent): their MIT
// licenses ask that the notice travel with every copy. Written to dist/third-party-licenses.txt.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The package folders (`node_modules/agent-base`, `node_modules/@scope/name`) of the bundled inputs. */
export function bundledPackages(inputs: string[]): string[] {
  const folders = inputs
    .map((input) => /^((?:.*\/)?node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1])
    .filter((folder): folder is string => folder !== undefined);
  return [...new Set(folders)].sort();
}

/** Writes the notice of each of `folders` (relative to `root`) to `file`; returns the packages named. */
export function writeThirdPartyLicenses(root: string, folders: string[], file: string): string[] {
  const notices = folders.map((folder) => {
    const dir = path.join(root, folder);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      license: string;
    };
    const licenseFile = readdirSync(dir).find((name) => /^licen[sc]e(?:\.md|\.txt)?$/i.test(name));
    if (licenseFile === undefined || !existsSync(path.join(dir, licenseFile)))
      throw new Error(`${pkg.name} is bundled but has no license file to ship with it`);
    const text = readFileSync(path.join(dir, licenseFile), 'utf8').trim();
    return { name: `${pkg.name}@${pkg.version}`, notice: `${pkg.name} ${pkg.version} (${pkg.license})\n\n${text}\n` };
  });
  const header = 'The package bundles the following third-party code, under these licenses.\n';
  writeFileSync(file, [header, ...notices.map(({ notice }) => notice)].join('\n' + '-'.repeat(72) + '\n\n'));
  return notices.map(({ name }) => name);
}
