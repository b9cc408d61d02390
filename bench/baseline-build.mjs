// A build of another git ref of this repository (the current release, say), for the
// benchmarks to measure beside this checkout: a throwaway `git worktree` of the ref in a
// temporary folder, this checkout's node_modules linked into it (no network), built with
// that ref's own `npm run build`.
//
//   const baseline = buildRef('v0.1.0');   // { ref, dir, dist, remove() }
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function buildRef(ref) {
  const parent = mkdtempSync(path.join(tmpdir(), 'pagerduty-client-baseline-'));
  const dir = path.join(parent, 'checkout');
  const git = (...args) => execFileSync('git', args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const remove = () => {
    try {
      git('worktree', 'remove', '--force', dir);
    } catch {
      // never added, or already gone: the folder below is all that is left
    }
    rmSync(parent, { recursive: true, force: true });
  };
  try {
    git('worktree', 'add', '--detach', dir, ref);
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    // The ref's own build script (it may write the ref's generated files: they are its own).
    execFileSync('npm', ['run', 'build'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
  } catch (error) {
    remove();
    throw error;
  }
  return { ref, dir, dist: path.join(dir, 'dist'), remove };
}
