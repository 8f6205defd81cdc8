import type { FastifyInstance } from 'fastify';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import { maskBankCard, maskIdCard } from '../../src/domain/masking';
import { OPEN_MSG, OPEN_NOT_FOUND } from '../../src/domain/openApiRules';
import { WORKER_MSG, WORKER_SOURCE, type WorkerField } from '../../src/domain/workers';
import type { AppServices } from '../appServices';
import { recordOperation } from '../engine/operationLog';
import { payingEnterprise } from '../enterprises/enterprises.service';
import { ok } from '../http/envelope';
import { BusinessError, fail } from '../http/errors';
import { isUniqueViolation } from '../http/fieldChecks';
import { balanceOf } from '../money/ledger/ledger';
import { searchLedger } from '../money/ledger.repository';
import { sendItemReceipt } from '../money/payoutReceipts';
import { findBatch } from '../money/payoutRecords.repository';
import type { RawBatchRow } from '../money/payouts/batchFile';
import { findOwnDraft } from '../money/payouts/drafts';
import { draftFromRows, payDraft } from '../money/payouts/payoutIntake';
import { identityCheckOf } from '../workers/identityCheck';
import { signInvitationSender } from '../workers/signInvitations.routes';
import { checkWorkerRows, insertWorkers } from '../workers/workers.service';
import { actingOf, idOf, ROUTE } from './acting';
import { digestOf, rememberKey, seenKey } from './idempotency';
import {
  balanceSchema,
  batchSchema,
  importWorkersSchema,
  inviteSchema,
  ledgerSchema,
  receiptSchema,
  submitBatchSchema,
  workerSchema,
} from './openApi.schemas';
import { registerOpenApiGuard } from './openApiGuard';
import { openInvoiceRoutes } from './openInvoices.routes';

/**
 * The signed open API, every route behind one guard (openApiGuard.ts) in this plugin, each in the key's company and
 * edition, acting as the merchant's main account, through the back office's own services:
 * - POST /open/v1/workers/import           (workers) rows → checkWorkerRows + insertWorkers (as 签约人员导入);
 * - POST /open/v1/workers/sign_invitations (workers) the /signUser 发送签署邀请 (signInvitationSender);
 * - GET  /open/v1/workers/:id              (read)    a worker's signing and invitation state;
 * - POST /open/v1/payout_batches           (pay)     JSON rows → draftFromRows + payDraft, once per Idempotency-Key;
 * - GET  /open/v1/payout_batches/:id       (read)    the batch and its items with tax and net amounts;
 * - GET  /open/v1/payout_batches/:id/items/:itemId/receipt (read) the item's 电子回单 (sendItemReceipt, as 下载回单);
 * - GET  /open/v1/balance, /open/v1/ledger (read)    the account's balance and entries;
 * - /open/v1/invoices…                      (invoices) eligible batches, categories, apply, follow (openInvoices.routes.ts).
 * An id of another company answers the same refusal as an id that names nothing.
 */

async function openApiRoutesInside(app: FastifyInstance, services: AppServices): Promise<void> {
  const { db, config } = services;
  registerOpenApiGuard(app, db, config.idKey);
  const verifier = identityCheckOf(db, config);
  const sendInvitations = signInvitationSender(services);
  openInvoiceRoutes(app, services);

  app.post('/open/v1/workers/import', { ...ROUTE('workers'), schema: importWorkersSchema }, async (request) => {
    const { auth } = actingOf(request);
    const body = request.body as { rows: Record<string, string | undefined>[] };
    const raw: RawBatchRow<WorkerField>[] = body.rows.map((row, index) => ({
      rowNo: index + 1,
      values: {
        name: (row.name ?? '').trim(),
        idCard: (row.idCard ?? '').trim(),
        mobile: (row.mobile ?? '').trim(),
        bankCard: (row.bankCard ?? '').trim(),
        bankName: (row.bankName ?? '').trim(),
        referrer: '',
        method: (row.method ?? '').trim(),
        alipayAccount: (row.alipayAccount ?? '').trim(),
      },
      cellErrors: [],
    }));
    const { people, errors } = await checkWorkerRows(db, raw, {
      companyId: auth.companyId,
      kind: 'sign',
      idKey: config.idKey,
      verifier,
    });
    if (errors.length > 0) {
      const bad = new Set(errors.map((error) => error.rowNo)).size;
      throw new BusinessError(WORKER_MSG.badRows(bad), CODE_BUSINESS_ERROR, {
        errors,
        badRowCount: bad,
        rowCount: raw.length,
      });
    }
    const ids = await db.transaction().execute(async (tx) => {
      const inserted = await insertWorkers(tx, people, {
        companyId: auth.companyId,
        platformMark: auth.platformMark,
        source: WORKER_SOURCE.signImport,
        operator: auth.displayName,
        idKey: config.idKey,
      });
      await recordOperation(tx, request, auth, {
        action: 'import',
        resource: 'signUser',
        recordId: null,
        changes: { 来源: [null, auth.displayName], count: [null, inserted.length] },
      });
      return inserted;
    });
    return ok({ count: ids.length, ids }, WORKER_MSG.imported(ids.length));
  });

  app.post('/open/v1/workers/sign_invitations', { ...ROUTE('workers'), schema: inviteSchema }, async (request) => {
    const { auth } = actingOf(request);
    const answer = await sendInvitations(request, auth, request.body as { ids: number[]; force?: boolean });
    return ok(answer.content, answer.message);
  });

  app.get('/open/v1/workers/:id', { ...ROUTE('read'), schema: workerSchema }, async (request) => {
    const { auth } = actingOf(request);
    const worker = await db
      .selectFrom('workers')
      .select(['id', 'name', 'id_masked', 'sign_status', 'sign_time', 'invite_status', 'invite_time', 'invite_reason'])
      .where('id', '=', idOf(request))
      .where('company_id', '=', auth.companyId)
      .executeTakeFirst();
    if (!worker) fail(OPEN_NOT_FOUND.worker);
    return ok({
      id: Number(worker.id),
      name: worker.name,
      idCard: worker.id_masked,
      signStatus: Number(worker.sign_status),
      signTime: worker.sign_time,
      inviteStatus: Number(worker.invite_status),
      inviteTime: worker.invite_time,
      inviteReason: worker.invite_reason,
    });
  });

  app.post('/open/v1/payout_batches', { ...ROUTE('pay'), schema: submitBatchSchema }, async (request) => {
    const { auth, caller } = actingOf(request);
    const idemKey = String(request.headers['idempotency-key'] ?? '');
    const body = request.body as {
      rows: Record<string, string | undefined>[];
      acceptWarnings?: boolean;
      confirmRisk?: boolean;
    };
    const account = { companyId: auth.companyId, platformMark: auth.platformMark };
    const bodyHash = digestOf(body.rows);
    let draftId: number;
    const earlier = await seenKey(db, account, 'payout', idemKey);
    if (earlier) {
      if (earlier.digest !== bodyHash) fail(OPEN_MSG.idempotencyReused);
      draftId = earlier.recordId;
    } else {
      await payingEnterprise(db, account.companyId, account.platformMark);
      const raw: RawBatchRow[] = body.rows.map((row, index) => ({
        rowNo: index + 1,
        values: {
          name: (row.name ?? '').trim(),
          idCard: (row.idCard ?? '').trim(),
          bankCard: (row.bankCard ?? '').trim(),
          mobile: (row.mobile ?? '').trim(),
          amount: (row.amount ?? '').trim(),
          remark: (row.remark ?? '').trim(),
          method: (row.method ?? '').trim(),
          alipayAccount: (row.alipayAccount ?? '').trim(),
        },
        cellErrors: [],
      }));
      const { draft } = await draftFromRows(db, config, verifier, account, auth.userId, `开放接口-${idemKey}`, raw);
      try {
        await rememberKey(db, account, 'payout', idemKey, bodyHash, draft.draftId);
        draftId = draft.draftId;
      } catch (error) {
        // A parallel call with the same key got there first: its draft is the one, this one is left to expire.
        if (!isUniqueViolation(error)) throw error;
        const first = await seenKey(db, account, 'payout', idemKey);
        if (!first || first.digest !== bodyHash) fail(OPEN_MSG.idempotencyReused);
        draftId = first.recordId;
      }
    }
    const draft = await findOwnDraft(db, draftId, account.companyId, account.platformMark);
    if (!draft) fail('打款数据已失效，请换一个幂等键重新提交');
    const paid = await payDraft(services, auth, draft, {
      acceptWarnings: body.acceptWarnings,
      confirmRisk: body.confirmRisk,
      // The key's `pay` scope stands for the payment password: the guard admitted a call signed by the key's holder.
      authorize: async () => {},
      audit: (tx, created) =>
        recordOperation(tx, request, auth, {
          action: '提交打款',
          resource: 'remit',
          recordId: created.batchId,
          changes: {
            来源: [null, `开放接口（${caller.caller}）`],
            batchNo: [null, created.batchNo],
            itemCount: [null, created.itemCount],
            totalAmount: [null, created.totalAmount],
            serviceCharge: [null, created.serviceCharge],
          },
        }),
    });
    return ok(paid.content, paid.message);
  });

  app.get('/open/v1/payout_batches/:id', { ...ROUTE('read'), schema: batchSchema }, async (request) => {
    const { auth } = actingOf(request);
    const batch = await findBatch(db, idOf(request));
    if (!batch || batch.companyId !== auth.companyId || batch.platformMark !== auth.platformMark) {
      fail(OPEN_NOT_FOUND.batch);
    }
    const items = await db
      .selectFrom('payout_items')
      .select([
        'id',
        'row_no',
        'name',
        'id_card',
        'bank_card',
        'amount',
        'service_charge',
        'tax_amount',
        'net_amount',
        'status',
        'fail_reason',
        'finish_time',
      ])
      .where('batch_id', '=', batch.id)
      .orderBy('row_no')
      .execute();
    return ok({
      id: batch.id,
      batchNo: batch.batchNo,
      status: batch.status,
      itemCount: batch.itemCount,
      totalAmount: batch.totalAmount,
      serviceCharge: batch.serviceCharge,
      successCount: batch.successCount,
      failedCount: batch.failedCount,
      createTime: batch.createTime,
      finishTime: batch.finishTime,
      items: items.map((item) => ({
        id: Number(item.id),
        rowNo: Number(item.row_no),
        name: item.name,
        idCard: maskIdCard(item.id_card),
        bankCard: maskBankCard(item.bank_card),
        amount: Number(item.amount),
        serviceCharge: Number(item.service_charge),
        taxAmount: Number(item.tax_amount),
        netAmount: Number(item.net_amount),
        status: Number(item.status),
        failReason: item.fail_reason,
        finishTime: item.finish_time,
      })),
    });
  });

  app.get(
    '/open/v1/payout_batches/:id/items/:itemId/receipt',
    { ...ROUTE('read'), schema: receiptSchema },
    (request, reply) => {
      const { auth } = actingOf(request);
      const itemId = Number((request.params as { itemId: string }).itemId);
      return sendItemReceipt(services, reply, {
        itemId,
        batchId: idOf(request),
        ownerUserId: auth.userId,
        // The key's company in the key's edition, as every open call; any other answers as a missing item.
        visible: async (record) => record.companyId === auth.companyId && record.platformMark === auth.platformMark,
      });
    },
  );

  app.get('/open/v1/balance', { ...ROUTE('read'), schema: balanceSchema }, async (request) => {
    const { auth } = actingOf(request);
    const account = { companyId: auth.companyId, platformMark: auth.platformMark };
    return ok({ balance: await balanceOf(db, account), platformMark: auth.platformMark });
  });

  app.get('/open/v1/ledger', { ...ROUTE('read'), schema: ledgerSchema }, async (request) => {
    const { auth } = actingOf(request);
    const query = request.query as { page?: number; size?: number };
    const size = query.size ?? 20;
    const { rows, total } = await searchLedger(
      db,
      { companyId: auth.companyId, platformMark: auth.platformMark },
      { sort: null, offset: (query.page ?? 0) * size, limit: size },
    );
    return ok({
      totalElements: total,
      content: rows.map((row) => ({
        id: row.id,
        createTime: row.createTime,
        kind: Number(row.kind),
        amount: row.amount,
        balanceAfter: row.balanceAfter,
        reference: row.reference,
      })),
    });
  });
}

export async function openApiRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  await app.register(async (scope) => openApiRoutesInside(scope, services));
}
