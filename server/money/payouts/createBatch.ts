import { randomInt } from 'node:crypto';
import { itemServiceCharge } from '../../../src/domain/charges';
import { ITEM, LEDGER } from '../../../src/domain/moneyEnums';
import { TAX_STATUS } from '../../../src/domain/tax/taxEnums';
import { postEntries, type Tx } from '../ledger/ledger';
import { creditWithheld, withholdForPayment } from '../tax/withholding';
import type { PayoutRow } from './payoutRow';

export interface NewBatch {
  companyId: number;
  platformMark: number;
  operatorId: number;
  rows: readonly PayoutRow[];
  /** Service charge rate in basis points (600 = 6%). */
  rate: number;
  /** The validated upload this batch comes from (unique: a draft pays once), null for a re-payment. */
  draftId: number | null;
  remark?: string | null;
  now: string;
  /** The company's enterprise settles with workers itself: the items wait (ITEM.awaitingReport) for its webhook. */
  reportEnterpriseId?: number | null;
  /** The signing entity that pays and withholds; by default the company's (tax/withholding.ts signingEntityOf). */
  signingEnterpriseId?: number;
}

export interface CreatedBatch {
  batchId: number;
  batchNo: string;
  totalAmount: number;
  serviceCharge: number;
  /** Income tax withheld from the items, credited to the signing entity's 代扣税款 account. */
  taxAmount: number;
  /** What the workers receive: totalAmount − taxAmount. */
  netAmount: number;
  balanceAfter: number;
}

// SQLite binds at most 32 766 values per statement; 21 columns × 500 rows stays far below on both databases.
const INSERT_CHUNK = 500;

export function newBatchNo(now: string): string {
  return `PL${now.replace(/\D/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * Writes a batch, its items and the debit (payouts plus service charge) in the caller's transaction: all of it
 * or, when the balance is short (InsufficientBalanceError) or anything else fails, none of it.
 * The items then wait (status 0) for the payout processor, or (status 3) for their enterprise's report.
 * Each item carries its gross (amount), the income tax withheld from it and the net the worker receives, priced
 * on the worker's cumulative base claimed first (tax/withholding.ts); the tax is credited to the signing entity's
 * 代扣税款 account before the company's debit (the lock order every money transaction keeps: tax bases, 代扣税款
 * account, company account).
 */
export async function createBatch(tx: Tx, batch: NewBatch): Promise<CreatedBatch> {
  const charges = batch.rows.map((row) => itemServiceCharge(row.amount, batch.rate));
  const totalAmount = batch.rows.reduce((sum, row) => sum + row.amount, 0);
  const serviceCharge = charges.reduce((sum, charge) => sum + charge, 0);
  const withholding = await withholdForPayment(
    tx,
    { companyId: batch.companyId, platformMark: batch.platformMark },
    batch.rows,
    batch.now,
    batch.signingEnterpriseId,
  );
  const batchNo = newBatchNo(batch.now);
  const inserted = await tx
    .insertInto('payout_batches')
    .values({
      batch_no: batchNo,
      company_id: batch.companyId,
      platform_mark: batch.platformMark,
      draft_id: batch.draftId,
      item_count: batch.rows.length,
      total_amount: totalAmount,
      service_charge: serviceCharge,
      rate: batch.rate,
      operator_id: batch.operatorId,
      remark: batch.remark ?? null,
      create_time: batch.now,
      report_enterprise_id: batch.reportEnterpriseId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batchId = Number(inserted.id);

  for (let start = 0; start < batch.rows.length; start += INSERT_CHUNK) {
    const chunk = batch.rows.slice(start, start + INSERT_CHUNK);
    await tx
      .insertInto('payout_items')
      .values(
        chunk.map((row, index) => ({
          batch_id: batchId,
          company_id: batch.companyId,
          platform_mark: batch.platformMark,
          row_no: row.rowNo,
          name: row.name,
          id_card: row.idCard,
          bank_card: row.bankCard,
          payout_method: row.method ?? 'bankcard',
          alipay_account: row.alipayAccount ?? null,
          mobile: row.mobile,
          amount: row.amount,
          service_charge: charges[start + index],
          remark: row.remark,
          create_time: batch.now,
          enterprise_id: withholding.enterpriseId,
          tax_month: withholding.month,
          tax_amount: withholding.rows[start + index].tax,
          net_amount: withholding.rows[start + index].net,
          tax_status: TAX_STATUS.withheld,
          tax_lines: JSON.stringify(withholding.rows[start + index].lines),
          ...(batch.reportEnterpriseId ? { status: ITEM.awaitingReport } : {}),
        })),
      )
      .execute();
  }

  await creditWithheld(
    tx,
    {
      batchId,
      companyId: batch.companyId,
      platformMark: batch.platformMark,
      enterpriseId: withholding.enterpriseId,
      month: withholding.month,
    },
    batch.now,
  );
  const balanceAfter = await postEntries(
    tx,
    { companyId: batch.companyId, platformMark: batch.platformMark },
    [
      {
        kind: LEDGER.payout,
        amount: -totalAmount,
        refType: 'batch',
        refId: batchId,
        operatorId: batch.operatorId,
        payments: batch.rows.length,
      },
      ...(serviceCharge > 0
        ? [
            {
              kind: LEDGER.serviceCharge,
              amount: -serviceCharge,
              refType: 'batch' as const,
              refId: batchId,
              operatorId: batch.operatorId,
            },
          ]
        : []),
    ],
    batch.now,
  );
  return {
    batchId,
    batchNo,
    totalAmount,
    serviceCharge,
    taxAmount: withholding.taxAmount,
    netAmount: withholding.netAmount,
    balanceAfter,
  };
}
