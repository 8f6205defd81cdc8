/**
 * When the database cannot be reached (PostgreSQL stopped, restarting, or the network to it down), requests answer
 * 503 with the envelope and the server keeps running; the pool reconnects by itself once the database is back.
 * These are the errors that mean "the database is away", as opposed to a query that is wrong.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_ctl stop -m fast terminates every connection)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '53300', // too_many_connections
]);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** What `pg` throws when a connection ends under a query or cannot be had in time (it sets no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
];

export const DATABASE_UNAVAILABLE_MESSAGE = '数据库暂时无法连接，请稍后再试';

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.some((text) => error.message.includes(text));
}

/**
 * Runs `step` (migrations at start-up) until the database answers: a server started before its database waits
 * for it instead of exiting (and being restarted into the same failure by its supervisor). Other errors throw.
 */
export async function whenDatabaseAvailable<T>(
  step: () => Promise<T>,
  onWait: (error: Error, retryInMs: number, attempt: number) => void,
  delays: { firstMs: number; maxMs: number } = { firstMs: 500, maxMs: 5_000 },
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const retryInMs = Math.min(delays.maxMs, delays.firstMs * 2 ** (attempt - 1));
      onWait(error as Error, retryInMs, attempt);
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    }
  }
}
