import { createHook } from 'node:async_hooks';

/**
 * What the server process holds, for the runtime bench (`npm run bench -- --runtime`) to check
 * what a bot costs: memory, and the timers and sockets alive. Development and tests only: the
 * bench asks over the IPC channel of a server it started (main.ts), which production never has.
 *
 * Node names only the resources that keep it running (`getActiveResourcesInfo`); an unref'd
 * timer or an idle keep-alive socket costs as much and is not among them. So with
 * BOTDECK_DIAGNOSTICS=1 the resources are followed from their creation (async_hooks) and counted
 * by kind while they live. That costs every async call a little, which is why it is asked for.
 */

export interface Diagnostics {
  /** process.memoryUsage(), in bytes. */
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Whether the figures follow full garbage collections (the process runs with --expose-gc). */
  afterGc: boolean;
  /** What keeps the process running, by kind, as Node tells it (`Timeout`, `TCPSocketWrap`…). */
  active: Record<string, number>;
  /**
   * Every resource alive, by async_hooks kind (`Timeout`, `TCPWRAP`, `HTTPCLIENTREQUEST`…),
   * unref'd ones included; null unless followed (BOTDECK_DIAGNOSTICS=1).
   */
  alive: Record<string, number> | null;
}

/** The parent's question and the server's answer on the IPC channel. */
export const DIAGNOSTICS_REQUEST = 'botdeck:diagnostics';

export function isDiagnosticsRequest(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { kind?: unknown }).kind === DIAGNOSTICS_REQUEST
  );
}

/** Counts of resources alive by kind, from now on. Promises are left out: they are not held. */
export function followResources(): () => Record<string, number> {
  const kinds = new Map<number, string>();
  createHook({
    init(asyncId, type) {
      if (type !== 'PROMISE') kinds.set(asyncId, type);
    },
    destroy(asyncId) {
      kinds.delete(asyncId);
    },
  }).enable();
  return () => countKinds(kinds.values());
}

function countKinds(kinds: Iterable<string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of kinds) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/** The process's figures now, after full collections when the process may ask for them. */
export function diagnostics(alive: (() => Record<string, number>) | null): Diagnostics {
  const gc = (globalThis as { gc?: () => void }).gc;
  // Twice: objects freed by the first collection's finalizers go in the second.
  gc?.();
  gc?.();
  const memory = process.memoryUsage();
  return {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    afterGc: gc !== undefined,
    active: countKinds(process.getActiveResourcesInfo()),
    alive: alive?.() ?? null,
  };
}
