// A load balancer in front of several Botdeck servers, for the tests and the benchmark that run
// two processes on one PostgreSQL: each request goes to the next server in turn, whole (method,
// path, headers with Host kept, body), and its answer comes back as the server gave it. A server
// that does not answer (stopped, killed) makes the request a 502, as a load balancer without
// health checks would: the caller (Telegram retrying a webhook, a test) sees it.
import { createServer, request as forward } from 'node:http';

/**
 * Starts the proxy on a free port of 127.0.0.1 in front of `targets` (http://127.0.0.1:<port>
 * each), and resolves to `{ url, sent, stop }`: `sent` counts the requests each target was
 * given, in the order of `targets`.
 */
export async function startRoundRobinProxy(targets) {
  if (targets.length === 0) throw new Error('a round-robin proxy needs at least one target');
  const sent = targets.map(() => 0);
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % targets.length;
    sent[index] += 1;
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
    sent,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
