/**
 * Opens a URL in the system browser: `open` on macOS, the URL handler on Windows, `xdg-open`
 * elsewhere. Resolves `false` when none could be started (a server, a container): the
 * caller has printed the URL for the user to open by hand.
 *
 * @module
 */
import { spawn } from 'node:child_process';

/** The command that opens a URL on `platform`. */
export function openerCommand(platform: NodeJS.Platform): [string, string[]] {
  if (platform === 'darwin') return ['open', []];
  // Not `cmd /c start`: cmd would read the `&` between the URL's parameters as a command separator.
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler']];
  return ['xdg-open', []];
}

/** How long an opener that has not exited yet is taken to have opened the browser (some stay). */
const OPENER_WAIT_MS = 3000;

/**
 * Starts the system browser on `url`; `false` when no opener could be started or it
 * exited with a failure (`xdg-open` on a machine without a browser).
 */
export function openBrowser(url: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const [command, args] = openerCommand(platform);
  return new Promise((resolve) => {
    try {
      const child = spawn(command, [...args, url], { stdio: 'ignore', detached: true });
      const timer = setTimeout(() => resolve(true), OPENER_WAIT_MS);
      timer.unref();
      child.unref();
      child.once('error', () => resolve(false));
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code === 0);
      });
    } catch {
      resolve(false);
    }
  });
}
