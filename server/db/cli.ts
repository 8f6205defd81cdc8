import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from './database';
import { seedDemoIfEmpty } from './seed/demo';

/** `npm run db:migrate` and `npm run db:seed`. */
const command = process.argv[2];
const config = loadConfig();
const db = openDatabase(config);
try {
  await migrateToLatest(db);
  if (command === 'seed') {
    console.log((await seedDemoIfEmpty(db)) ? '演示数据已写入' : '数据库已有数据，未重复写入演示数据');
  } else {
    console.log('数据库已迁移到最新版本');
  }
} finally {
  await db.destroy();
}
