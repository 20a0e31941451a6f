export interface PreviewServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Resolves when the server's process has ended. */
  stop: () => Promise<void>;
  /** SIGKILL, at once: a crash. `stop()` then waits for the process to be gone. */
  kill: () => void;
}
export declare function startPreviewServer(
  dataDir: string,
  options?: { seedFile?: string; env?: Record<string, string> },
): Promise<PreviewServer>;
