import { writeFileSync } from 'node:fs';
import { startServer } from '../../../scripts/serverProcess';

/** One server for the whole e2e run; its URL reaches the tests through BASE_URL. */
export default async function globalSetup() {
  const server = await startServer();
  process.env.BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  writeFileSync('.tmp-e2e-url', server.url);
  return async () => {
    await server.stop();
  };
}
