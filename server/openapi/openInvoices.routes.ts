import type { FastifyInstance } from 'fastify';
import { OPEN_MSG, OPEN_NOT_FOUND } from '../../src/domain/openApiRules';
import type { AppServices } from '../appServices';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { bodyChanges, recordOperation } from '../engine/operationLog';
import { attachmentDisposition } from '../files/fileStore';
import { openRecordFile } from '../files/generatedFiles';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { invoiceBatchLines, searchEligibleBatches } from '../invoices/invoiceBatches.repository';
import { enabledCategories, findInvoice } from '../invoices/invoices.repository';
import { applicationOf } from '../invoices/services/applicationRequest';
import { applyForInvoice } from '../invoices/services/applyInvoice';
import { applicantOf, checkedApplication } from '../invoices/services/merchantApplication';
import { type Acting, actingOf, idOf, ROUTE } from './acting';
import { digestOf, rememberKey, seenKey } from './idempotency';
import {
  applyInvoiceSchema,
  eligibleBatchesSchema,
  invoiceCategoriesSchema,
  invoiceFileSchema,
  invoiceSchema,
} from './openApi.schemas';

/**
 * The open API's invoice calls, registered inside the signed plugin (its guard holds), in the key's company and
 * edition, through the back office's own services:
 * - GET  /open/v1/invoices/eligible_batches (invoices) searchEligibleBatches, as the application form lists them;
 * - GET  /open/v1/invoices/categories       (invoices) the edition's enabled categories;
 * - POST /open/v1/invoices                  (invoices) checkedApplication + applyForInvoice, once per Idempotency-Key;
 * - GET  /open/v1/invoices/:id              (invoices) the application: status, figures, invoice number once issued;
 * - GET  /open/v1/invoices/:id/file         (invoices) the invoice file finance attached when issuing it.
 * An application of another company or edition answers as one that does not exist.
 */

/** The key's own application; any other answers as one that does not exist. */
async function ownInvoice(db: Db, acting: Acting, id: number) {
  const invoice = await findInvoice(db, id);
  if (!invoice || invoice.companyId !== acting.companyId || invoice.platformMark !== acting.platformMark) {
    fail(OPEN_NOT_FOUND.invoice);
  }
  return invoice;
}

/** The application as the merchant's system reads it. */
async function invoiceView(db: Db, acting: Acting, id: number) {
  const invoice = await ownInvoice(db, acting, id);
  const batches = await invoiceBatchLines(db, id);
  return {
    id: invoice.id,
    applyNo: invoice.applyNo,
    status: invoice.status,
    kind: invoice.kind,
    categoryId: invoice.categoryId,
    categoryName: invoice.categoryName,
    title: invoice.title,
    taxNumber: invoice.taxNumber,
    batchCount: invoice.batchCount,
    total: invoice.total,
    deduction: invoice.deduction,
    tax: invoice.tax,
    net: invoice.net,
    ratePercent: invoice.ratePercent,
    invoiceNumber: invoice.invoiceNumber,
    issueTime: invoice.issueTime,
    hasFile: invoice.invoiceFileUrl !== null,
    fileName: invoice.invoiceFileName,
    trackingNo: invoice.trackingNo,
    mailTime: invoice.mailTime,
    rejectReason: invoice.rejectReason,
    remark: invoice.remark,
    createTime: invoice.createTime,
    batches: batches.map((batch) => ({
      id: batch.id,
      batchNo: batch.batchNo,
      createTime: batch.createTime,
      itemCount: batch.itemCount,
      successCount: batch.successCount,
      successAmount: batch.successAmount,
      successCharge: batch.successCharge,
      invoiceable: batch.invoiceable,
    })),
  };
}

export function openInvoiceRoutes(app: FastifyInstance, { db, files }: AppServices): void {
  app.get(
    '/open/v1/invoices/eligible_batches',
    { ...ROUTE('invoices'), schema: eligibleBatchesSchema },
    async (req) => {
      const applicant = applicantOf(actingOf(req).auth);
      const query = req.query as { page?: number; size?: number };
      const size = query.size ?? 20;
      const { rows, total } = await searchEligibleBatches(db, applicant, {
        offset: (query.page ?? 0) * size,
        limit: size,
      });
      return ok({
        totalElements: total,
        content: rows.map((row) => ({
          id: row.id,
          batchNo: row.batchNo,
          createTime: row.createTime,
          finishTime: row.finishTime,
          itemCount: row.itemCount,
          successCount: row.successCount,
          successAmount: row.successAmount,
          successCharge: row.successCharge,
          invoiceable: row.invoiceable,
        })),
      });
    },
  );

  app.get('/open/v1/invoices/categories', { ...ROUTE('invoices'), schema: invoiceCategoriesSchema }, async (req) => {
    const { auth } = actingOf(req);
    return ok(await enabledCategories(db, auth.platformMark));
  });

  app.post('/open/v1/invoices', { ...ROUTE('invoices'), schema: applyInvoiceSchema }, async (request) => {
    const { auth, caller } = actingOf(request);
    const applicant = applicantOf(auth);
    const idemKey = String(request.headers['idempotency-key'] ?? '');
    // What the key is compared by: the application as read (the same batches in any order are the same request).
    const parsed = applicationOf(request.body);
    const digest = digestOf({ ...parsed, batchIds: [...parsed.batchIds].sort((a, b) => a - b) });
    const repeat = async () => {
      const earlier = await seenKey(db, applicant, 'invoice', idemKey);
      if (earlier && earlier.digest !== digest) fail(OPEN_MSG.idempotencyReused);
      return earlier?.recordId;
    };
    const earlier = await repeat();
    if (earlier !== undefined) return ok({ ...(await invoiceView(db, auth, earlier)), duplicate: true });

    const { application, info } = await checkedApplication(db, applicant, request.body);
    let id: number;
    try {
      id = await applyForInvoice(db, applicant, application, info, chinaTime(), async (tx, invoiceId) => {
        // In the application's transaction: the key names this application, or neither is written.
        await rememberKey(tx, applicant, 'invoice', idemKey, digest, invoiceId);
        await recordOperation(tx, request, auth, {
          action: '申请开票',
          resource: 'applyInvoice',
          recordId: invoiceId,
          changes: {
            来源: [null, `开放接口（${caller.caller}）`],
            batchIds: [null, application.batchIds.join(',')],
            ...bodyChanges(request.body),
          },
        });
      });
    } catch (error) {
      // A parallel call with the same key committed first (it took the batches, or remembered the key first).
      const first = await repeat();
      if (first === undefined) throw error;
      return ok({ ...(await invoiceView(db, auth, first)), duplicate: true });
    }
    return ok({ ...(await invoiceView(db, auth, id)), duplicate: false }, '开票申请已提交');
  });

  app.get('/open/v1/invoices/:id', { ...ROUTE('invoices'), schema: invoiceSchema }, async (request) => {
    const { auth } = actingOf(request);
    return ok(await invoiceView(db, auth, idOf(request)));
  });

  app.get('/open/v1/invoices/:id/file', { ...ROUTE('invoices'), schema: invoiceFileSchema }, async (request, reply) => {
    const { auth } = actingOf(request);
    const invoice = await ownInvoice(db, auth, idOf(request));
    const opened = invoice.invoiceFileUrl ? await openRecordFile(db, files, invoice.invoiceFileUrl) : null;
    if (!opened) fail(OPEN_MSG.noInvoiceFile);
    return reply
      .header('content-type', opened.mime)
      .header('content-disposition', attachmentDisposition(invoice.invoiceFileName ?? opened.name))
      .header('content-length', String(opened.size))
      .header('cache-control', 'private, no-store')
      .send(opened.stream);
  });
}
