export declare const RUN_VARIABLE: 'BOTDECK_RUN';
export interface RunProcess {
  pid: number;
  command: string;
}
export declare function newRunId(): string;
export declare function processesOfRun(runId: string): RunProcess[];
export declare function stopRun(runId: string, options?: { graceMs?: number }): RunProcess[];
export declare function startRun(label: string): { runId: string; finish: () => RunProcess[] };
export declare function run(
  command: string,
  args: string[],
  options?: import('node:child_process').SpawnOptions,
): Promise<number>;
