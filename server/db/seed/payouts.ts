import { itemServiceCharge } from '../../../src/domain/charges';
import { ABNORMAL, LEDGER, RECHARGE } from '../../../src/domain/moneyEnums';
import { luhnCheckDigit, nationalIdCheckChar } from '../../../src/domain/payees';
import { hashClientPassword } from '../../auth/passwords';
import { postEntries, type Tx } from '../../money/ledger/ledger';
import { createBatch } from '../../money/payouts/createBatch';
import { createDevChannel } from '../../money/payouts/devChannel';
import { createPayoutProcessor, type PayoutProcessor } from '../../money/payouts/payoutProcessor';
import type { PayoutRow } from '../../money/payouts/payoutRow';
import { repayAbnormalFund } from '../../money/payouts/repayAbnormalFund';
import type { Db } from '../database';
import { chinaTime } from '../time';
import { mobile, personName } from './companyNames';
import { createRandom, type Random } from './random';

/**
 * Completed payout batches for the demo (/paymentRecord, /errorMoney, the admin batch views, invoices): the
 * demo companies 1 (standard) and 2 (small-scale) and 20 others, a few batches each over the last five months.
 * Everything goes through the real code: each company is credited by a confirmed top-up through the ledger,
 * each batch is created by createBatch and paid by the payout processor with the simulated bank, which fails
 * the few cards seeded with a wrong check digit — so they are refunded and listed as abnormal funds. One
 * abnormal fund of company 1 is re-paid and one left on the balance; the newest batch of each demo company
 * keeps a pending one. Times are then moved back to when each batch was "paid".
 *
 * Company 1 keeps several completed batches without an invoice (the invoices seed may use some of them).
 */
const DAY = 86_400_000;
const MINUTE = 60_000;
const YUAN = 10_000;
const OTHER_COMPANIES = 20;
const AREA_CODES = ['110101', '310104', '330106', '440305', '510107', '320102', '420106', '610113', '500103'];
const CARD_PREFIXES = ['622202', '621700', '622848', '621483', '622588', '621661'];

export const DEMO_PAYMENT_PASSWORD = '123456';

interface PlannedBatch {
  companyId: number;
  platformMark: number;
  operatorId: number;
  rate: number;
  createdAt: number;
  rows: PayoutRow[];
  /** What happens to its abnormal funds a day later (in order of the failed items). */
  handling?: readonly ('repay' | 'keep')[];
}

function nationalId(random: Random): string {
  const birth = new Date(Date.UTC(random.int(1968, 2003), random.int(0, 11), random.int(1, 28)));
  const body = `${random.pick(AREA_CODES)}${birth.toISOString().slice(0, 10).replace(/-/g, '')}${random.digits(3)}`;
  return body + nationalIdCheckChar(body);
}

/** A card with a valid Luhn digit, or (valid false) one the simulated bank returns. */
function bankCard(random: Random, valid = true): string {
  const body = `${random.pick(CARD_PREFIXES)}${random.digits(random.next() < 0.5 ? 9 : 12)}`;
  const check = Number(luhnCheckDigit(body));
  return body + String(valid ? check : (check + 1 + random.int(0, 8)) % 10);
}

function payees(random: Random, count: number, failing: number): PayoutRow[] {
  const failAt = new Set<number>();
  while (failAt.size < Math.min(failing, count)) failAt.add(random.int(0, count - 1));
  return Array.from({ length: count }, (_, index) => ({
    rowNo: index + 2,
    name: personName(random),
    idCard: nationalId(random),
    bankCard: bankCard(random, !failAt.has(index)),
    mobile: random.next() < 0.8 ? mobile(random) : null,
    // 300.00 to 20,000.00 yuan, whole fen.
    amount: random.int(30_000, 2_000_000) * 100,
    remark: random.next() < 0.3 ? random.pick(['3月劳务费', '项目结算', '推广佣金', '配送费', '设计服务费']) : null,
  }));
}

/** 2-4 batch dates of another company, days ago, oldest first. */
function otherDays(random: Random): number[] {
  const days: number[] = [];
  let day = 150;
  for (let count = random.int(2, 4); count > 0; count -= 1) {
    day -= random.int(10, 40);
    days.push(day);
  }
  return days;
}

/** The demo seed runs in one transaction; the processor wants to open its own: give it this one. */
function sameTransaction(tx: Tx): Db {
  return new Proxy(tx, {
    get(target, property) {
      if (property === 'transaction') {
        return () => ({ execute: <T>(run: (inner: Tx) => Promise<T>) => run(target) });
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as unknown as Db;
}

async function inTransaction(db: Db, run: (tx: Tx) => Promise<void>): Promise<void> {
  if (db.isTransaction) await run(db as unknown as Tx);
  else await db.transaction().execute(run);
}

export async function seedPayouts(db: Db): Promise<void> {
  await inTransaction(db, async (tx) => {
    const random = createRandom(20261206);
    const now = Date.now();
    const users = await tx.selectFrom('users').select(['id', 'username', 'company_id']).execute();
    const userOf = (username: string) => Number(users.find((user) => user.username === username)?.id ?? 0);
    const admin = userOf('admin');
    const operatorOf = (companyId: number) =>
      Number(users.find((user) => Number(user.company_id) === companyId)?.id ?? admin);
    const rates = await tx.selectFrom('service_charges').select(['company_id', 'platform_mark', 'rate']).execute();
    const rateOf = (companyId: number, mark: number) =>
      Number(
        rates.find((rate) => Number(rate.company_id) === companyId && Number(rate.platform_mark) === mark)?.rate ?? 0,
      );

    const candidates = await tx
      .selectFrom('companies')
      .select(['id', 'platform_mark'])
      .where('id', '>', 4)
      .orderBy('id')
      .limit(OTHER_COMPANIES * 3)
      .execute();
    const companies = [
      { id: 1, mark: 1 },
      { id: 2, mark: 3 },
      ...candidates
        .filter((_, index) => index % 3 === 0)
        .map((company) => ({ id: Number(company.id), mark: Number(company.platform_mark) })),
    ];

    const plans: PlannedBatch[] = [];
    for (const company of companies) {
      const own = company.id <= 2;
      const days = own ? [150, 118, 87, 61, 33, 9].slice(company.id === 1 ? 0 : 2) : otherDays(random);
      for (const [index, daysAgo] of days.entries()) {
        const newest = index === days.length - 1;
        // Company 1's second batch has two bad cards: one is re-paid, one left on the balance.
        const failing = own ? (newest ? 1 : company.id === 1 && index === 1 ? 2 : 0) : random.next() < 0.15 ? 1 : 0;
        plans.push({
          companyId: company.id,
          platformMark: company.mark,
          operatorId: operatorOf(company.id),
          rate: rateOf(company.id, company.mark),
          createdAt: now - daysAgo * DAY - random.int(0, 9 * 60) * MINUTE,
          rows: payees(random, random.int(5, own ? 30 : 50), failing),
          handling: company.id === 1 && index === 1 ? ['repay', 'keep'] : undefined,
        });
      }
    }

    await creditCompanies(tx, plans, userOf('caiwu'));
    const processor = createPayoutProcessor(
      sameTransaction(tx),
      createDevChannel(sameTransaction(tx), { delayMs: 0, secret: 'seed' }),
      { delayMs: 0, intervalMs: 1000 },
    );
    plans.sort((a, b) => a.createdAt - b.createdAt);
    for (const plan of plans) {
      const created = await createBatch(tx, {
        companyId: plan.companyId,
        platformMark: plan.platformMark,
        operatorId: plan.operatorId,
        rows: plan.rows,
        rate: plan.rate,
        draftId: null,
        now: chinaTime(plan.createdAt),
      });
      const paidAt = plan.createdAt + random.int(3, 40) * MINUTE;
      await processor.drain();
      await backdate(tx, created.batchId, chinaTime(paidAt));
      if (plan.handling) await handle(tx, processor, created.batchId, plan, paidAt + DAY, random);
    }
    await ensurePaymentPasswords(tx, [1, 2], chinaTime(now));
  });
}

/** One confirmed top-up per company covering its batches, dated a week before the first. */
async function creditCompanies(tx: Tx, plans: readonly PlannedBatch[], financeId: number): Promise<void> {
  const byCompany = new Map<number, PlannedBatch[]>();
  for (const plan of plans) byCompany.set(plan.companyId, [...(byCompany.get(plan.companyId) ?? []), plan]);
  for (const [companyId, batches] of byCompany) {
    const cost = batches
      .flatMap((plan) => plan.rows.map((row) => row.amount + itemServiceCharge(row.amount, plan.rate)))
      .reduce((sum, value) => sum + value, 0);
    // Round up to 10,000 yuan and keep 20,000 yuan more, so re-payments fit too.
    const amount = (Math.ceil(cost / (10_000 * YUAN)) + 2) * 10_000 * YUAN;
    const first = Math.min(...batches.map((plan) => plan.createdAt));
    const time = chinaTime(first - 7 * DAY);
    const { platformMark } = batches[0];
    const company = await tx.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
    const row = await tx
      .insertInto('recharges')
      .values({
        company_id: companyId,
        platform_mark: platformMark,
        amount,
        payer_name: (company?.name ?? '').slice(0, 64),
        payer_account: `3100${String(companyId).padStart(8, '0')}0001`,
        bank_serial: `PAYSEED${String(companyId).padStart(6, '0')}`,
        voucher_url: '',
        remark: '批量打款备付金',
        status: RECHARGE.confirmed,
        reject_reason: null,
        applicant_id: batches[0].operatorId,
        handler_id: financeId || null,
        handle_time: time,
        create_time: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await postEntries(
      tx,
      { companyId, platformMark },
      [{ kind: LEDGER.recharge, amount, refType: 'recharge', refId: Number(row.id), operatorId: financeId || null }],
      time,
    );
  }
}

/** The processor stamps the present; move the batch's outcome (items, refunds, abnormal funds) to `time`. */
async function backdate(tx: Tx, batchId: number, time: string): Promise<void> {
  await tx.updateTable('payout_items').set({ finish_time: time }).where('batch_id', '=', batchId).execute();
  await tx.updateTable('payout_batches').set({ finish_time: time }).where('id', '=', batchId).execute();
  await tx.updateTable('abnormal_funds').set({ create_time: time }).where('batch_id', '=', batchId).execute();
  await tx
    .updateTable('ledger_entries')
    .set({ create_time: time })
    .where('kind', '=', LEDGER.refund)
    .where('ref_type', '=', 'item')
    .where('ref_id', 'in', (eb) => eb.selectFrom('payout_items').select('id').where('batch_id', '=', batchId))
    .execute();
}

async function handle(
  tx: Tx,
  processor: PayoutProcessor,
  batchId: number,
  plan: PlannedBatch,
  at: number,
  random: Random,
): Promise<void> {
  const funds = await tx
    .selectFrom('abnormal_funds')
    .select('id')
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();
  for (const [index, action] of (plan.handling ?? []).entries()) {
    const fund = funds[index];
    if (!fund) continue;
    const time = chinaTime(at + index * 30 * MINUTE);
    if (action === 'keep') {
      await tx
        .updateTable('abnormal_funds')
        .set({ status: ABNORMAL.kept, handler_id: plan.operatorId, handle_time: time })
        .where('id', '=', Number(fund.id))
        .execute();
      continue;
    }
    const created = await repayAbnormalFund(tx, {
      abnormalFundId: Number(fund.id),
      operatorId: plan.operatorId,
      bankCard: bankCard(random),
      now: time,
    });
    await processor.drain();
    await backdate(tx, created.batchId, chinaTime(at + index * 30 * MINUTE + 5 * MINUTE));
  }
}

/** 123456 for the demo companies, unless another seed set their payment password already. */
async function ensurePaymentPasswords(tx: Tx, companyIds: readonly number[], time: string): Promise<void> {
  const existing = await tx
    .selectFrom('payment_passwords')
    .select('company_id')
    .where('company_id', 'in', [...companyIds])
    .execute();
  const missing = companyIds.filter((id) => !existing.some((row) => Number(row.company_id) === id));
  if (missing.length === 0) return;
  // The browser sends the 6 digits as they are (SecurityTab); the server keeps their bcrypt hash.
  const hash = await hashClientPassword(DEMO_PAYMENT_PASSWORD);
  await tx
    .insertInto('payment_passwords')
    .values(missing.map((company_id) => ({ company_id, password_hash: hash, update_time: time })))
    .execute();
}
