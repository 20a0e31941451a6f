import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookReceiver } from '../http/server';

/**
 * What the HTTP server does with `/tg/<bot id>` (http/server.ts), alone, on 127.0.0.1: the
 * secret header and the body handed to the runtime, its status answered. For a runtime whose
 * Telegram is a sandbox in this process: the runtime's tests, and each test drive session.
 */
export async function startWebhookReceiver(
  runtime: () => WebhookReceiver | undefined,
): Promise<{ url: URL; stop(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const path = /^\/tg\/(\d+|botdeck)$/.exec(request.url ?? '')?.[1];
      const header = request.headers['x-telegram-bot-api-secret-token'];
      const secret = typeof header === 'string' ? header : null;
      const body = Buffer.concat(chunks).toString();
      const receiver = runtime();
      const status =
        !receiver || path === undefined
          ? 503
          : path === 'botdeck'
            ? await receiver.receiveBotdeck(secret, body)
            : await receiver.receive(Number(path), secret, body);
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}`),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A sandbox's delivery held open must not keep the server from closing.
        server.closeAllConnections();
      }),
  };
}
