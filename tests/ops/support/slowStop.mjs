// A stand-in for the server under scripts/supervisor.mjs (tests/ops/supervisorStop.test.ts): it says it is ready,
// then on SIGTERM takes STOP_AFTER_MS to finish (as a server does while its requests in progress end) and exits 0,
// or never exits when STOP_AFTER_MS is `never`.
process.on('SIGTERM', () => {
  if (process.env.STOP_AFTER_MS === 'never') return;
  setTimeout(() => process.exit(0), Number(process.env.STOP_AFTER_MS));
});
setInterval(() => {}, 60_000);
console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: 'READY' }));
