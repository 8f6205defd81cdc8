import { type RunningServer, startServer } from '../../scripts/serverProcess';

export type BenchServer = RunningServer;

/** The real server on a free loopback port: a fresh demo database, or `dataDir` (kept) when given. */
export function startBenchServer(dataDir?: string): Promise<BenchServer> {
  return startServer({ dataDir });
}
