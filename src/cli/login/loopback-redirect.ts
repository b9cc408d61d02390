/**
 * The redirect of `pagerduty login`: a server on the loopback interface, on a free port,
 * that waits for the browser to come back from the identity service with `?code=...`
 * (RFC 8252, "OAuth 2.0 for Native Apps", section 7.3). It answers the browser with a
 * short page and hands the code on, once; a request whose `state` differs is refused.
 *
 * @module
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The path the identity service redirects to. */
export const CALLBACK_PATH = '/callback';

/** A listening redirect server. */
export interface LoopbackRedirect {
  /** The redirect URI to send in the authorize URL. */
  readonly redirectUri: string;
  /** Resolves to the authorization code; rejects when the identity service sent an error. */
  readonly code: Promise<string>;
  /** Stops the server. */
  close(): Promise<void>;
}

const page = (title: string): string =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><p>${title}. You can close this tab.</p>\n`;

/**
 * Starts the redirect server on 127.0.0.1.
 *
 * @param state - the `state` sent in the authorize URL, which the redirect must carry back
 * @param port - the port; 0 picks a free one
 */
export async function startLoopbackRedirect(state: string, port = 0): Promise<LoopbackRedirect> {
  let settle: { resolve: (code: string) => void; reject: (error: Error) => void } | undefined;
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  // Refused before anyone waits (the browser is quicker than the opener's return): not unhandled.
  code.catch(() => {});
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== CALLBACK_PATH || url.searchParams.get('state') !== state) {
      response.writeHead(400, { 'Content-Type': 'text/html' }).end(page('Not a sign-in of this pagerduty login'));
      return;
    }
    const error = url.searchParams.get('error');
    const received = url.searchParams.get('code');
    if (error !== null || received === null) {
      response.writeHead(400, { 'Content-Type': 'text/html' }).end(page('Sign-in refused'));
      const description = url.searchParams.get('error_description');
      settle?.reject(
        new Error(`the identity service refused: ${error ?? 'no code'}${description ? ` (${description})` : ''}`),
      );
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html', Connection: 'close' }).end(page('Signed in to PagerDuty'));
    settle?.resolve(received);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${bound}${CALLBACK_PATH}`,
    code,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
