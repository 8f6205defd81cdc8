import { type RunningServer, startServer } from '../../scripts/serverProcess';

export type BenchServer = RunningServer;

/**
 * The real server on a free loopback port: a fresh demo database, or `dataDir` (kept) when given; `env` adds to
 * its environment (WEB_ROOT: another build).
 */
export function startBenchServer(dataDir?: string, env?: Record<string, string>): Promise<BenchServer> {
  return startServer({ dataDir, env });
}
