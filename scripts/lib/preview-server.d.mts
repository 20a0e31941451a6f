export interface PreviewServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Resolves when the server's process has ended. */
  stop: () => Promise<void>;
}
export declare function startPreviewServer(dataDir: string): Promise<PreviewServer>;
