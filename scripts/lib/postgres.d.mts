export declare function findPostgres(): string | null;
export declare const MISSING_POSTGRES: string;
export declare function ensurePostgres(): string;
export interface Cluster {
  dir: string;
  url(database?: string): string;
  stop(): void;
}
export declare function startCluster(dir: string, bin?: string | null): Promise<Cluster>;
export declare function clusterFolder(): string;
export declare function writeClusterStatus(dir: string, status: string): void;
