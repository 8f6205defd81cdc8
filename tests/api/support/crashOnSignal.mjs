// Preloaded (NODE_OPTIONS=--import) by tests/api/supervisor.test.ts into the supervisor and every server process:
// SIGUSR2 makes the process throw an uncaught exception and SIGWINCH leave a rejected promise unhandled, so the
// test can crash a running server the way a bug would, without any test hook in the server's own code.
process.on('SIGUSR2', () => {
  throw new Error('测试触发的未捕获异常\n第二行');
});
process.on('SIGWINCH', () => {
  void Promise.reject(new Error('测试触发的未处理拒绝'));
});
// SIGURG fills the heap until V8 aborts the process, which then writes its multi-line out-of-memory dump itself
// (run with a small --max-old-space-size so this takes a moment).
process.on('SIGURG', () => {
  const hoard = [];
  for (;;) hoard.push(new Array(1_000_000).fill(1.5));
});
