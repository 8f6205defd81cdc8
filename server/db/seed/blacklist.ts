import { nationalIdCheckChar } from '../../../src/domain/payees';
import { hashClientPassword } from '../../auth/passwords';
import type { Db } from '../database';
import { chinaTime } from '../time';

/**
 * Demo data of batch payouts (/remit): a few people on the settlement blacklist, and the payment password
 * 123456 of the demo companies 1 (merchant) and 2 (xgm) unless another seed set one already (README).
 */
function nationalId(body17: string): string {
  return body17 + nationalIdCheckChar(body17);
}

export const SEEDED_BLACKLIST = [
  { name: '王可疑', idCard: nationalId('31010119850312123'), reason: '冒用他人身份领取劳务报酬', days: 120 },
  { name: '李欠款', idCard: nationalId('44030519900715234'), reason: '法院限制高消费人员', days: 90 },
  { name: '赵重复', idCard: nationalId('33010619881122345'), reason: '同一任务多平台重复结算', days: 45 },
  { name: '钱风险', idCard: nationalId('51010719921203456'), reason: '银行反洗钱风险提示', days: 20 },
  { name: '孙停用', idCard: nationalId('11010819950630567'), reason: '本人申请暂停接收打款', days: 3 },
] as const;

/** A blacklisted national id tests can put in a batch file. */
export const BLACKLISTED_ID_CARD: string = SEEDED_BLACKLIST[0].idCard;

export const DEMO_PAYMENT_PASSWORD = '123456';
const DEMO_PAYMENT_COMPANIES = [1, 2];

export async function seedBlacklist(db: Db): Promise<void> {
  const now = Date.now();
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  await db
    .insertInto('settlement_blacklist')
    .values(
      SEEDED_BLACKLIST.map((entry) => ({
        name: entry.name,
        id_card: entry.idCard,
        reason: entry.reason,
        operator_id: admin?.id ?? null,
        create_time: chinaTime(now - entry.days * 86400_000),
      })),
    )
    .execute();

  const existing = await db
    .selectFrom('payment_passwords')
    .select('company_id')
    .where('company_id', 'in', DEMO_PAYMENT_COMPANIES)
    .execute();
  const missing = DEMO_PAYMENT_COMPANIES.filter((id) => !existing.some((row) => Number(row.company_id) === id));
  if (missing.length === 0) return;
  // The browser sends the 6 digits as they are (SecurityTab); the server keeps their bcrypt hash.
  const hash = await hashClientPassword(DEMO_PAYMENT_PASSWORD);
  await db
    .insertInto('payment_passwords')
    .values(missing.map((company_id) => ({ company_id, password_hash: hash, update_time: chinaTime(now) })))
    .execute();
}
