import { Cron } from 'croner';
import { invoiceInfoOfCompany } from '../../src/domain/invoiceApplication';
import { findCompany } from '../companies/companies.repository';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { isUniqueViolation } from '../http/fieldChecks';
import { eligibleBatch } from '../invoices/invoiceBatches.repository';
import { findCategory } from '../invoices/invoiceCategories';
import { completeInvoiceInfo, MAX_BATCHES } from '../invoices/services/applicationRequest';
import { applyForInvoice } from '../invoices/services/applyInvoice';
import { runScheduledTick } from './jobLock';
import { runWhenUnclaimed } from './runClaims';
import type { JobDefinition } from './scheduledJobs';

/**
 * Automatic invoicing of small-scale companies (/adSmallAutomaticInvoicingSetting). For each enabled setting
 * the job applies for an electronic invoice through the merchant's own service (applyForInvoice: the same
 * eligibility, figures and conditional marking of batches), in the company's default category, as the
 * company's account:
 * - mode 1: one application per batch that finished (completed or partly failed, with a successful amount)
 *   after the setting was switched on, keyed 'batch:<id>';
 * - mode 2: on or after the set day of each month, one application over every batch still eligible,
 *   keyed 'month:<yyyy-mm>'.
 * A run row is claimed under its unique key before applying, so two processes or two ticks never apply
 * twice; its outcome (the invoice, or the reason it failed) is kept and shown on the settings page.
 */
export const AUTO_MODE = { afterBatch: 1, monthly: 2 } as const;
export const RUN_STATUS = { running: 0, applied: 1, failed: 2 } as const;
const SMALL_SCALE = 3;
/** Invoice kind 2: an electronic invoice (a paper one needs a mailing address the job does not have). */
const INVOICE_KIND_ELECTRONIC = 2;

export interface RunSummary {
  applied: number;
  failed: number;
}

/** Claims the key; false when another run has it already. */
async function claim(db: Db, companyId: number, runKey: string, now: string): Promise<number | null> {
  try {
    const row = await db
      .insertInto('auto_invoice_runs')
      .values({
        company_id: companyId,
        run_key: runKey,
        status: RUN_STATUS.running,
        invoice_id: null,
        batch_count: 0,
        total: 0,
        message: null,
        create_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

async function applyRun(
  db: Db,
  setting: { company_id: number; category_id: number },
  runKey: string,
  batchIds: number[],
  now: string,
  summary: RunSummary,
): Promise<void> {
  const companyId = Number(setting.company_id);
  const runId = await claim(db, companyId, runKey, now);
  if (runId === null) return;
  try {
    const company = await findCompany(db, companyId);
    if (!company) throw new Error('公司不存在');
    const info = completeInvoiceInfo(invoiceInfoOfCompany(company));
    const category = await findCategory(db, Number(setting.category_id));
    if (!category || category.platformMark !== SMALL_SCALE || category.status !== 1) {
      throw new Error('默认开票类目不存在或已停用');
    }
    const owner = await db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .where('platform_mark', '=', SMALL_SCALE)
      .orderBy('id')
      .executeTakeFirst();
    if (!owner) throw new Error('该公司没有商户账号');
    const invoiceId = await applyForInvoice(
      db,
      { companyId, platformMark: SMALL_SCALE, userId: Number(owner.id) },
      {
        batchIds,
        kind: INVOICE_KIND_ELECTRONIC,
        categoryId: Number(setting.category_id),
        remark: '自动开票',
        recipient: null,
        recipientPhone: null,
        mailAddress: null,
      },
      info,
      now,
    );
    const invoice = await db
      .selectFrom('invoices')
      .select(['total', 'batch_count'])
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('auto_invoice_runs')
      .set({
        status: RUN_STATUS.applied,
        invoice_id: invoiceId,
        batch_count: invoice.batch_count,
        total: invoice.total,
      })
      .where('id', '=', runId)
      .execute();
    summary.applied += 1;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .updateTable('auto_invoice_runs')
      .set({ status: RUN_STATUS.failed, message: [...message].slice(0, 255).join('') })
      .where('id', '=', runId)
      .execute();
    summary.failed += 1;
  }
}

/** Eligible batches of the company, oldest first; `finishedFrom` keeps those finished since then. */
async function eligibleBatchIds(db: Db, companyId: number, finishedFrom: string | null): Promise<number[]> {
  let query = db
    .selectFrom('payout_batches')
    .select('payout_batches.id')
    .where('payout_batches.company_id', '=', companyId)
    .where('payout_batches.platform_mark', '=', SMALL_SCALE)
    .where(eligibleBatch)
    .orderBy('payout_batches.id')
    .limit(MAX_BATCHES);
  if (finishedFrom) query = query.where('payout_batches.finish_time', '>=', finishedFrom);
  return (await query.execute()).map((row) => Number(row.id));
}

/** One pass of the job at `now` (epoch ms): every enabled setting, every run that is due. */
export async function runAutoInvoicing(db: Db, now = Date.now()): Promise<RunSummary> {
  const time = chinaTime(now);
  const summary: RunSummary = { applied: 0, failed: 0 };
  const settings = await db.selectFrom('auto_invoice_settings').selectAll().where('enabled', '=', 1).execute();
  for (const setting of settings) {
    const companyId = Number(setting.company_id);
    if (setting.mode === AUTO_MODE.afterBatch) {
      for (const batchId of await eligibleBatchIds(db, companyId, setting.enabled_time)) {
        await applyRun(db, setting, `batch:${batchId}`, [batchId], time, summary);
      }
    } else if (setting.mode === AUTO_MODE.monthly && setting.month_day) {
      if (Number(time.slice(8, 10)) < setting.month_day) continue;
      const month = time.slice(0, 7);
      const done = await db
        .selectFrom('auto_invoice_runs')
        .select('id')
        .where('company_id', '=', companyId)
        .where('run_key', '=', `month:${month}`)
        .executeTakeFirst();
      if (done) continue;
      const batchIds = await eligibleBatchIds(db, companyId, null);
      if (batchIds.length === 0) continue;
      await applyRun(db, setting, `month:${month}`, batchIds, time, summary);
    }
  }
  return summary;
}

const EVERY_MINUTE = '0 * * * * *';

/** A run's claim (system/runClaims.ts): an operator's 立即执行 and the minute's pass never overlap. */
export const autoInvoicingClaim = (operator: string) => ({ job: 'autoInvoicing', label: '自动开票', operator });

/**
 * One pass as the schedule runs it: a pass that finds an operator's run in progress leaves it to that run (the next
 * minute comes soon), and says so.
 */
async function scheduledPass(db: Db): Promise<string> {
  let summary: RunSummary | undefined;
  await runWhenUnclaimed(
    db,
    autoInvoicingClaim('定时任务'),
    async () => {
      summary = await runAutoInvoicing(db);
    },
    0,
  );
  return summary ? `申请发票 ${summary.applied} 次，失败 ${summary.failed} 次` : '自动开票正由操作员执行，本次未执行';
}

/** The job as 定时任务 shows and runs it (system/scheduledJobs.ts); off where payouts do not run in the background. */
export function autoInvoicingJob(db: Db, enabled: boolean): JobDefinition {
  return {
    name: 'autoInvoicing',
    timing: enabled ? { cron: EVERY_MINUTE } : { off: 'PAYOUT_AUTO=0' },
    run: () => scheduledPass(db),
  };
}

/** The scheduled job: every minute, one pass at a time (croner's protect), errors to the log. */
export function scheduleAutoInvoicing(db: Db, onError: (error: unknown) => void): Cron {
  return new Cron(EVERY_MINUTE, { timezone: 'Asia/Shanghai', protect: true, unref: true }, () => {
    runScheduledTick(db, 'autoInvoicing', () => scheduledPass(db)).catch(onError);
  });
}
