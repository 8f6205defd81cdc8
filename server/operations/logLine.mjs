// One JSON line in the shape of the server's own log (pino's fields: level, time, pid, msg), for everything written
// outside Fastify's logger: the supervisor (scripts/supervisor.mjs, plain Node, hence .mjs), the cluster primary,
// start-up and crashes (server/server.ts). Every line the server writes is then one JSON object.

const LEVELS = { info: 30, warn: 40, error: 50, fatal: 60 };

/** An error as JSON fields: its type, message, stack (one string, so a crash dump stays on one line) and code. */
export function errorFields(error) {
  if (error instanceof Error) {
    return { type: error.name, message: error.message, stack: error.stack, code: error.code };
  }
  return { type: typeof error, message: String(error) };
}

/** Writes the line: info to stdout, warn and above to stderr. */
export function logLine(level, msg, extra = {}) {
  const line = JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, msg, ...extra });
  if (level === 'info') process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}
