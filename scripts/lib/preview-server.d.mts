export interface PreviewServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The server's process. */
  pid: number;
  /** Resolves when the server's process has ended. */
  stop: () => Promise<void>;
  /** SIGKILL, at once: a crash. `stop()` then waits for the process to be gone. */
  kill: () => void;
  /** What the server holds now (packages/server/src/diagnostics.ts and the runtime's counts). */
  diagnostics: () => Promise<{
    /** packages/server/src/diagnostics.ts `Diagnostics`: bytes, and resources by kind. */
    process: {
      rss: number;
      heapUsed: number;
      heapTotal: number;
      external: number;
      arrayBuffers: number;
      afterGc: boolean;
      active: Record<string, number>;
      alive: Record<string, number> | null;
    };
    /** The runtime's `stats()`. */
    runtime: { pollers: number; clients: number; chats: number };
  }>;
}
export declare function startPreviewServer(
  dataDir: string,
  options?: {
    seedFile?: string;
    env?: Record<string, string>;
    nodeArgs?: string[];
    startTimeoutMs?: number;
  },
): Promise<PreviewServer>;
/** A copy of the seeded template's database in `dataDir`, unless it holds one already. */
export declare function seededDataDir(dataDir: string): Promise<void>;
