import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrateToLatest, openDatabase } from '../../server/db/database';
import { openApiClientSource } from './generate';

/** npm run gen:openapi-client: builds the app on a throw-away SQLite file and writes schema.d.ts from its document. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-openapi-client-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  PAYOUT_AUTO: '0',
  WEB_ROOT: path.join(dataDir, 'none'),
});
const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(db);
const app = await buildApp({ config, db, logger: false });
await app.ready();
const source = await openApiClientSource(app.swagger() as never);
fs.writeFileSync(path.join(import.meta.dirname, 'schema.d.ts'), source);
await app.close();
await db.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log('clients/open-api/schema.d.ts 已生成');
