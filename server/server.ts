import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { seedDemoIfEmpty } from './db/seed/demo';
import { EXIT_CONFIG } from './exitCodes';

/** Starts the product: config, database (migrated and seeded on first start), API and web app. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    // The supervisor (npm start) does not restart a server whose configuration is wrong.
    process.exit(EXIT_CONFIG);
  }
  const db = openDatabase(config);
  await migrateToLatest(db);
  if (config.seedDemo) await seedDemoIfEmpty(db);
  const app = await buildApp({ config, db });

  let closing = false;
  const close = async (reason: string) => {
    // Ctrl+C reaches both the supervisor and the server, and the supervisor passes it on: close once.
    if (closing) return;
    closing = true;
    app.log.info(`${reason}，正在关闭服务器`);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('收到 SIGINT'));
  process.on('SIGTERM', () => void close('收到 SIGTERM'));
  // Started by the supervisor (scripts/supervisor.mjs) with an IPC channel: if the supervisor dies, stop too.
  if (process.send) process.on('disconnect', () => void close('守护进程已退出'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`灵工结算平台已启动：${address}`);
  // A line for scripts and tests that start the server on port 0.
  console.log(`LISTENING ${address}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
