import { type Db, openDatabase } from '../../../server/db/database';

/** The e2e server's own database (its data directory comes from the global setup), for fixtures. */
export async function withServerDb<T>(run: (db: Db) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR 未设置：请通过 playwright test 运行（globalSetup 启动服务器）');
  const db = openDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir });
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}
