import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adIndividualReceived,
  individualReceived,
  MERCHANT_RECEIVED_CODES,
  RECEIVED_PERSONAL_CODES,
} from '../../resources/payeeTotals';
import {
  adTransferLot,
  batchItems,
  MERCHANT_BATCH_CODES,
  paymentRecord,
  TRANSFER_BATCH_CODES,
} from '../../resources/payoutBatches';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { choiceFilter } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import { pageOf } from '../http/listQuery';
import { abnormalFundsRoutes } from './abnormalFunds.routes';
import {
  batchItemsSchema,
  batchSchema,
  batchSearchSchema,
  itemReceiptSchema,
  payeeTotalsSchema,
} from './money.schemas';
import { searchPayeeTotals } from './payeeTotals.repository';
import { sendReceipt } from './payoutReceipts';
import { type BatchRecord, findBatch, searchBatches, searchItems } from './payoutRecords.repository';
import { allCodes, assertRecordVisible, listOf, parseEdition, recordScope } from './payoutRecords.scope';

/**
 * What was paid, driven by resources/payoutBatches.ts and resources/payeeTotals.ts (filter keys,
 * sort fields and codes come from the declarations; a merchant gets the merchant view's, staff the staff
 * view's):
 * - GET /api/v1/remittances/batch/search?q=&page=&size=&sort=[&platformmark=]   one page of batches;
 * - GET /api/v1/remittances/batch/:id                                            one batch;
 * - GET /api/v1/remittances/batch/:id/items?q=status:…;name:…&page=&size=&sort=   its items (masked);
 * - GET /api/v1/remittances/items/:id/receipt                                    an item's 电子回单 (payoutReceipts.ts);
 * - GET /api/v1/remittances/individual/search?q=&page=&size=&sort=[&platformmark=] per-person totals.
 * Merchants see their own company in the session's edition; staff the editions whose code they hold
 * (platformmark picks one), within their departments. Abnormal and returned funds: abnormalFunds.routes.ts.
 */

const BATCH_CODES = { merchant: MERCHANT_BATCH_CODES, staff: TRANSFER_BATCH_CODES };
const PAYEE_CODES = { merchant: MERCHANT_RECEIVED_CODES, staff: RECEIVED_PERSONAL_CODES };

async function visibleBatch(db: Db, request: FastifyRequest): Promise<BatchRecord> {
  const auth = requireAuth(request);
  const id = parseId((request.params as { id: string }).id, '批次编号');
  const batch = await findBatch(db, id);
  if (!batch) fail('打款批次不存在');
  await assertRecordVisible(db, auth, BATCH_CODES, batch);
  return batch;
}

export async function payoutRecordsRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { db } = services;
  const batchAccess = { config: { access: { permissions: allCodes(BATCH_CODES) } } };
  const payeeAccess = { config: { access: { permissions: allCodes(PAYEE_CODES) } } };

  app.get('/api/v1/remittances/batch/search', { ...batchAccess, schema: batchSearchSchema }, async (request) => {
    const auth = requireAuth(request);
    const scope = recordScope(
      auth,
      BATCH_CODES,
      parseEdition((request.query as { platformmark?: string }).platformmark),
    );
    const declaration = scope.merchant ? paymentRecord : adTransferLot;
    const list = listOf(request, declaration, { field: 'createTime', order: 'desc' });
    const read = filterReader(list.filters, declaration.filters);
    const { from, to } = read.dateRange('stime', 'etime');
    const { rows, total } = await searchBatches(
      db,
      scope,
      {
        batchNo: read.text('batchNo'),
        status: choiceFilter(declaration.filters, 'status', read.number('status')),
        companyName: read.text('coname'),
        createdFrom: from,
        createdTo: to,
      },
      { sort: list.sort, offset: list.offset, limit: list.size },
    );
    return ok(pageOf(rows, total, list));
  });

  app.get('/api/v1/remittances/batch/:id', { ...batchAccess, schema: batchSchema }, async (request) =>
    ok(await visibleBatch(db, request)),
  );

  app.get('/api/v1/remittances/batch/:id/items', { ...batchAccess, schema: batchItemsSchema }, async (request) => {
    const batch = await visibleBatch(db, request);
    const list = listOf(request, batchItems, { field: 'rowNo', order: 'asc' });
    const read = filterReader(list.filters, batchItems.filters);
    const { rows, total } = await searchItems(
      db,
      batch.id,
      { status: choiceFilter(batchItems.filters, 'status', read.number('status')), name: read.text('name') },
      { sort: list.sort, offset: list.offset, limit: list.size },
    );
    return ok(pageOf(rows, total, list));
  });

  app.get('/api/v1/remittances/items/:id/receipt', { ...batchAccess, schema: itemReceiptSchema }, (request, reply) =>
    sendReceipt(services, BATCH_CODES, request, reply),
  );

  app.get('/api/v1/remittances/individual/search', { ...payeeAccess, schema: payeeTotalsSchema }, async (request) => {
    const auth = requireAuth(request);
    const scope = recordScope(
      auth,
      PAYEE_CODES,
      parseEdition((request.query as { platformmark?: string }).platformmark),
    );
    const declaration = scope.merchant ? individualReceived : adIndividualReceived;
    const list = listOf(request, declaration, { field: 'totalAmount', order: 'desc' });
    const read = filterReader(list.filters, declaration.filters);
    const { from, to } = read.dateRange('stime', 'etime');
    const { rows, total } = await searchPayeeTotals(
      db,
      scope,
      {
        name: read.text('name'),
        idCard: read.text('idCard'),
        companyName: read.text('coname'),
        paidFrom: from,
        paidTo: to,
      },
      { sort: list.sort, offset: list.offset, limit: list.size },
      services.config.idKey,
    );
    return ok(pageOf(rows, total, list));
  });

  await abnormalFundsRoutes(app, services);
}
