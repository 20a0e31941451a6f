// A load balancer in front of several Botdeck servers, for the tests and the benchmark that run
// two processes on one PostgreSQL: each request goes to the next server in turn, whole (method,
// path, headers with Host kept, body), and its answer comes back as the server gave it. A server
// that does not answer (stopped, killed) makes the request a 502, as a load balancer without
// health checks would: the caller (Telegram retrying a webhook, a test) sees it.
import { createServer, request as forward } from 'node:http';

/**
 * Starts the proxy on a free port of 127.0.0.1 in front of `targets` (http://127.0.0.1:<port>
 * each; none yet is allowed: its address is often needed before the servers start), and
 * resolves to `{ url, targets, sent, stop }`. `targets` may be changed in place (a restarted
 * server's new address); `sent[i]` counts the requests `targets[i]` was given.
 */
export async function startRoundRobinProxy(targets = []) {
  const sent = [];
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    if (targets.length === 0) {
      outgoing.writeHead(502).end();
      return;
    }
    const index = next % targets.length;
    next = index + 1;
    sent[index] = (sent[index] ?? 0) + 1;
    const target = new URL(targets[index]);
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502).end();
      else outgoing.destroy();
    });
    incoming.pipe(upstream);
  });
  // Keep-alive sockets would outlive stop(): each answer closes its connection.
  server.keepAliveTimeout = 0;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    sent,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
