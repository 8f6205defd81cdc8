/**
 * Exit codes the supervisor (scripts/supervisor.mjs, `npm start`) reads: it restarts a server that exits any other
 * way than 0 or these.
 */

/** The configuration is invalid (EX_CONFIG of sysexits.h): restarting cannot help. */
export const EXIT_CONFIG = 78;
