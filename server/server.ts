import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { seedDemoIfEmpty } from './db/seed/demo';

/** Starts the product: config, database (migrated and seeded on first start), API and web app. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const db = openDatabase(config);
  await migrateToLatest(db);
  if (config.seedDemo) await seedDemoIfEmpty(db);
  const app = await buildApp({ config, db });

  const close = async (signal: string) => {
    app.log.info(`收到 ${signal}，正在关闭服务器`);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`灵工结算平台已启动：${address}`);
  // A line for scripts and tests that start the server on port 0.
  console.log(`LISTENING ${address}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
