// The loopback server the transport benchmarks send their GETs to: it answers every
// request with the same user, after `delay` milliseconds (0: at once), in a process of
// its own so that its work stays out of the measurements.
//
//   const server = await startUserServer(delay);   // { base, child }; child.disconnect() stops it
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/** The user every GET receives. */
export const USER = {
  user: {
    id: 'PABC123', type: 'user', name: 'Ann Example', email: 'ann@example.com', time_zone: 'Europe/London', role: 'user',
    self: 'https://api.pagerduty.com/users/PABC123', html_url: 'https://acme.pagerduty.com/users/PABC123', teams: [],
  },
};

/**
 * Starts the server in a child process (not traced by valgrind, whose children run
 * untraced), and resolves with its base URL and the child.
 */
export async function startUserServer(delay = 0) {
  const child = fork(fileURLToPath(import.meta.url), [String(delay)], { stdio: 'inherit', execArgv: [] });
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  return { base: `http://127.0.0.1:${port}`, child };
}

function serve(delay) {
  const text = JSON.stringify(USER);
  const server = http.createServer((_req, res) => {
    const send = () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    };
    if (delay > 0) setTimeout(send, delay);
    else send();
  });
  server.keepAliveTimeout = 600_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('disconnect', () => server.close(() => process.exit(0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve(Number(process.argv[2] ?? 0));
