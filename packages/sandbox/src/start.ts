import { controlRoutes } from './control-routes';
import { SANDBOX_INIT_DATA_PRIVATE_KEY } from './init-data';
import { TELEGRAM_RATE_LIMITS } from './limits';
import { Sandbox, type SandboxOptions } from './sandbox';
import { listen } from './server';
import { type SandboxSettings, World } from './world';

/** Starts Telegram on this machine. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const settings: SandboxSettings = {
    rateLimits:
      options.rateLimits === false ? null : { ...TELEGRAM_RATE_LIMITS, ...options.rateLimits },
    preCheckoutTimeoutMs: options.preCheckoutTimeoutMs ?? 10_000,
    callbackQueryTimeoutMs: options.callbackQueryTimeoutMs ?? 15_000,
    waitTimeoutMs: options.waitTimeoutMs ?? 5_000,
    updateRetentionMs: 24 * 3600 * 1000,
    firstUpdateId: options.firstUpdateId ?? 1,
    webhook: { retryMs: 100, maxRetryMs: 5_000, timeoutMs: 10_000, ...options.webhook },
    initDataPrivateKey:
      options.initDataPrivateKey === undefined
        ? SANDBOX_INIT_DATA_PRIVATE_KEY
        : options.initDataPrivateKey,
  };
  const world = new World(settings);
  let sandbox: Sandbox | undefined;
  const http = await listen(
    world,
    (request, response, path) => controlRoutes(() => sandbox!, request, response, path),
    { port: options.port ?? 0, host: options.host ?? '127.0.0.1' },
  );
  sandbox = new Sandbox(world, http);
  return sandbox;
}
