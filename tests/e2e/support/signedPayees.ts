import { loadConfig } from '../../../server/config';
import { addSignedWorkers } from '../../../server/workers/workers.service';
import { bankCard, idCard } from '../../support/batchFiles';
import { withServerDb } from './serverDb';

/** The demo merchant's company (merchant, 平台 1). */
export const MERCHANT_COMPANY = { companyId: 1, platformMark: 1 };

/**
 * Payouts go only to workers who signed with the company: a spec that uploads the test kit's payees
 * (batchFiles.ts payee(serial)) first makes them signed workers of the paying company in the e2e server's own
 * database, keyed with the server's own ID key (the same configuration the server resolved from its data directory).
 */
export async function signPayeesOnServer(
  serials: Iterable<number>,
  company: { companyId: number; platformMark: number } = MERCHANT_COMPANY,
): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR 未设置：请通过 playwright test 运行（globalSetup 启动服务器）');
  const { idKey } = loadConfig({ ...process.env, DATA_DIR: dataDir });
  const people = [...serials].map((serial) => ({
    name: '测试人员',
    idCard: idCard(serial),
    mobile: `139${String(serial).padStart(8, '0')}`,
    bankCard: bankCard(serial),
    bankName: '中国工商银行',
  }));
  await withServerDb((db) => addSignedWorkers(db, company, people, idKey));
}
