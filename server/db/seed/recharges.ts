import { RECHARGE } from '../../../src/domain/moneyEnums';
import type { Tx } from '../../money/ledger/ledger';
import { confirmRechargeIn, rejectRecharge } from '../../money/rechargeHandling';
import type { Db } from '../database';
import { chinaTime } from '../time';
import type { Random } from './random';

/**
 * Top-ups for the demo: the demo merchants' companies (1 standard, 2 small-scale) and 30 others, each with
 * a few confirmed (credited through the ledger like a finance confirmation, so balances equal their entries),
 * some pending and one rejected. Company 1's confirmed top-ups come to 500,000.00 元, company 2's to
 * 200,000.00 元 (seeds after this one may spend from them).
 *
 * A fresh demo database has no stored files, so the seeded notices carry no voucher ('' shows nothing).
 */
const YUAN = 10_000;
const DAY = 86_400_000;

interface Plan {
  companyId: number;
  platformMark: number;
  /** Amounts in yuan, oldest first. */
  confirmed: number[];
  pending: number[];
  rejected?: { yuan: number; reason: string };
}

const OWN_PLANS: readonly Plan[] = [
  {
    companyId: 1,
    platformMark: 1,
    confirmed: [300_000, 150_000, 50_000],
    pending: [80_000],
    rejected: { yuan: 20_000, reason: '转账凭证与银行流水不符，请核对后重新提交' },
  },
  { companyId: 2, platformMark: 3, confirmed: [120_000, 80_000], pending: [30_000] },
];
const OTHER_COMPANIES = 30;

/** `db` is the demo seed's transaction (demo.ts hands it over as a Db). */
export async function seedRecharges(db: Db, random: Random): Promise<void> {
  const tx = db as unknown as Tx;
  const users = await db.selectFrom('users').select(['id', 'username', 'company_id']).execute();
  const finance = users.find((user) => user.username === 'caiwu');
  if (!finance) throw new Error('seedRecharges needs the demo accounts (caiwu)');
  const applicantOf = (companyId: number) =>
    // Companies without an account in the demo data have no applicant: 0.
    Number(users.find((user) => user.company_id === companyId)?.id ?? 0);

  const others = await db
    .selectFrom('companies')
    .select(['id', 'platform_mark'])
    .where('id', '>', 4)
    .orderBy('id')
    .limit(OTHER_COMPANIES)
    .execute();
  const names = new Map(
    (
      await db
        .selectFrom('companies')
        .select(['id', 'name'])
        .where('id', '<=', 4 + OTHER_COMPANIES)
        .execute()
    ).map((company) => [Number(company.id), company.name]),
  );
  const plans: Plan[] = [
    ...OWN_PLANS,
    ...others.map((company, index) => ({
      companyId: Number(company.id),
      platformMark: company.platform_mark,
      confirmed: Array.from({ length: random.int(1, 3) }, () => random.int(1, 400) * 500),
      pending: index % 3 === 0 ? [random.int(1, 100) * 1000] : [],
    })),
  ];

  let serial = 0;
  const now = Date.now();
  for (const plan of plans) {
    const notices = [
      ...plan.confirmed.map((yuan) => ({ yuan, status: RECHARGE.confirmed as number, reason: '' })),
      ...(plan.rejected ? [{ ...plan.rejected, status: RECHARGE.rejected as number }] : []),
      ...plan.pending.map((yuan) => ({ yuan, status: RECHARGE.pending as number, reason: '' })),
    ];
    let daysAgo = 90;
    for (const notice of notices) {
      daysAgo -= random.int(3, 20);
      const created = now - Math.max(daysAgo, 1) * DAY - random.int(0, 8 * 3600) * 1000;
      serial += 1;
      const row = await db
        .insertInto('recharges')
        .values({
          company_id: plan.companyId,
          platform_mark: plan.platformMark,
          amount: notice.yuan * YUAN,
          // A company tops up from its own corporate account.
          payer_name: (names.get(plan.companyId) ?? '').slice(0, 64),
          payer_account: `62${random.digits(17)}`,
          bank_serial: `DEMO${String(serial).padStart(4, '0')}${random.digits(12)}`,
          voucher_url: '',
          remark: null,
          status: RECHARGE.pending,
          reject_reason: null,
          applicant_id: applicantOf(plan.companyId),
          handler_id: null,
          handle_time: null,
          create_time: chinaTime(created),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const handled = chinaTime(created + random.int(1, 6) * 3600_000);
      if (notice.status === RECHARGE.confirmed)
        await confirmRechargeIn(tx, Number(row.id), Number(finance.id), handled);
      if (notice.status === RECHARGE.rejected) {
        await rejectRecharge(db, Number(row.id), Number(finance.id), notice.reason, handled);
      }
    }
  }
}
