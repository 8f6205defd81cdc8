// How long a stopping server lets requests in progress finish (SHUTDOWN_GRACE_MS), read by the server's
// configuration (server/config.ts) and by the supervisor (scripts/supervisor.mjs), which must wait at least as long
// before it kills a server that is still finishing its requests. Plain .mjs: the supervisor runs without tsx.
export const DEFAULT_SHUTDOWN_GRACE_MS = 30_000;
export const MAX_SHUTDOWN_GRACE_MS = 600_000;

/** The grace of `env` (the default when unset or invalid: the server then refuses to start anyway). */
export function shutdownGraceMsOf(env) {
  const value = Number(env.SHUTDOWN_GRACE_MS ?? DEFAULT_SHUTDOWN_GRACE_MS);
  return Number.isSafeInteger(value) && value >= 0 && value <= MAX_SHUTDOWN_GRACE_MS
    ? value
    : DEFAULT_SHUTDOWN_GRACE_MS;
}
