import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adInvoice, INVOICE_RESOURCES, invoiceRecord } from '../../resources/invoices';
import { filterKeys, sortFields } from '../../resources/types';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { assertCompanyVisible, type CompanyScope, companyScope, parseId, staffScopeOf } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { auditOf, bodyChanges, recordOperation } from '../engine/operationLog';
import { payingEnterprise } from '../enterprises/enterprises.service';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { choiceFilter } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import { hasEligibleBatches, invoiceBatchLines, searchEligibleBatches } from './invoiceBatches.repository';
import {
  enabledCategories,
  findInvoice,
  type InvoiceRecord,
  type InvoiceSearch,
  searchInvoices,
} from './invoices.repository';
import {
  applySchema,
  categoriesSchema,
  eligibleBatchesSchema,
  invoiceSchema,
  invoiceSearchSchema,
  issueSchema,
  mailSchema,
  notInvoicedSchema,
  previewSchema,
  rejectSchema,
} from './invoices.schemas';
import { batchIdsOf } from './services/applicationRequest';
import { applyForInvoice, eligibleBatchesOrFail, figuresOf } from './services/applyInvoice';
import { assertEdition, INVOICE_EDITION_CODES, optionalEdition, staffEditions } from './services/invoiceEditions';
import { issueInvoice, mailInvoice, rejectInvoice } from './services/invoiceTransitions';
import { applicantOf, checkedApplication } from './services/merchantApplication';
import { issueOf, rejectReasonOf, trackingNoOf } from './services/stepRequests';
import { uploadedDocument } from './services/uploadedDocument';

/**
 * Invoices, driven by resources/invoices.ts:
 * - GET  /api/v1/remittances/batch/notinvoice/:coid  whether the company has batches it may still invoice
 *   (a merchant: in its session's edition); drives the unpaid-invoice reminder;
 * - GET  /api/v1/invoices/categories                 the enabled categories of the caller's edition;
 * - GET  /api/v1/invoices/batches?page&size          the merchant's batches it may invoice (MER_BANKACCOUNT_RECHARGE);
 * - POST /api/v1/invoices/preview  { batchIds }      the invoice figures of those batches (the edition's formula);
 * - POST /api/v1/invoices  { batchIds, kind, categoryId, remark?, recipient, recipientPhone, mailAddress }
 *                                                    apply: the batches are taken in the same transaction;
 * - GET  /api/v1/invoices/search?q=&page&size&sort[&platformmark]  applications: a merchant its own, staff one
 *   edition (or every edition they hold codes for) within their department scope;
 * - GET  /api/v1/invoices/:id                        one application with its batches;
 * - POST /api/v1/invoices/:id/issue  { invoiceNumber?, fileUrl? }   已申请 → 已开票 (batches 已开票);
 * - POST /api/v1/invoices/:id/mail   { trackingNo }                 issued paper invoice → 已邮寄;
 * - POST /api/v1/invoices/:id/reject { reason }                     已申请 → 已驳回, batches released.
 * Staff steps need the edition's code (UI_BILLING_APPLY_JCY for 1, UI_XGM_INVOICE_APPLY_DETAILS_SAVE for 3).
 */

const LIST_SPEC = {
  filterKeys: [...new Set(INVOICE_RESOURCES.flatMap(filterKeys))],
  sortFields: [...new Set(INVOICE_RESOURCES.flatMap(sortFields))],
  defaultSort: { field: 'createTime', order: 'desc' as const },
};
const BATCH_LIST = { filterKeys: [] as string[], sortFields: [] as string[] };
const STAFF_CODES = [...INVOICE_EDITION_CODES[1], ...INVOICE_EDITION_CODES[3]];

function invoiceSearchOf(filters: Record<string, string>): Omit<InvoiceSearch, 'platformMarks'> {
  const read = filterReader(filters, adInvoice.filters);
  const { from, to } = read.dateRange('stime', 'etime');
  return {
    companyName: read.text('coname'),
    applyNo: read.text('applyNo'),
    status: choiceFilter(adInvoice.filters, 'status', read.number('status')),
    kind: choiceFilter(adInvoice.filters, 'kind', read.number('kind')),
    createdFrom: from,
    createdTo: to,
  };
}

/** Who sees what: a merchant its own company in its edition; staff the editions they hold, in their scope. */
function scopedSearch(
  request: FastifyRequest,
  auth: AuthContext,
): Pick<InvoiceSearch, keyof CompanyScope | 'platformMarks'> {
  if (auth.roleId === ROLE.merchant) return { companyId: auth.companyId ?? -1, platformMarks: [auth.platformMark] };
  const requested = optionalEdition((request.query as Record<string, unknown>).platformmark);
  if (requested !== undefined) assertEdition(auth, INVOICE_EDITION_CODES, requested);
  const platformMarks = requested !== undefined ? [requested] : staffEditions(auth, INVOICE_EDITION_CODES);
  return { ...staffScopeOf(companyScope(auth)), platformMarks };
}

async function invoiceOrFail(db: Db, id: number): Promise<InvoiceRecord> {
  const invoice = await findInvoice(db, id);
  if (!invoice) fail('发票申请不存在');
  return invoice;
}

/** 403 unless the caller may see this application (merchants: own company; staff: edition and scope). */
async function assertInvoiceVisible(db: Db, auth: AuthContext, invoice: InvoiceRecord): Promise<void> {
  if (auth.roleId === ROLE.merchant) {
    if (invoice.companyId !== auth.companyId) throw new ForbiddenError('无权访问其他公司的数据');
    return;
  }
  assertEdition(auth, INVOICE_EDITION_CODES, invoice.platformMark);
  await assertCompanyVisible(db, auth, invoice.companyId);
}

async function invoiceWithBatches(db: Db, id: number) {
  const invoice = await invoiceOrFail(db, id);
  return { ...invoice, batches: await invoiceBatchLines(db, id) };
}

export async function invoicesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const access = (codes: readonly string[]) => ({ config: { access: { permissions: codes } } });
  const merchantAccess = access(invoiceRecord.permissions.list);
  const listAccess = access([...invoiceRecord.permissions.list, ...STAFF_CODES]);
  const staffAccess = access(STAFF_CODES);

  app.get('/api/v1/remittances/batch/notinvoice/:coid', { schema: notInvoicedSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = parseId((request.params as { coid: string }).coid, '公司编号');
    await assertCompanyVisible(db, auth, companyId);
    const platformMark = auth.roleId === ROLE.merchant ? auth.platformMark : undefined;
    return ok(await hasEligibleBatches(db, { companyId, platformMark }));
  });

  app.get('/api/v1/invoices/categories', { schema: categoriesSchema }, async (request) => {
    const auth = requireAuth(request);
    return ok(await enabledCategories(db, auth.platformMark));
  });

  app.get('/api/v1/invoices/batches', { ...merchantAccess, schema: eligibleBatchesSchema }, async (request) => {
    const applicant = applicantOf(requireAuth(request));
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, BATCH_LIST);
    const { rows, total } = await searchEligibleBatches(db, applicant, { offset: list.offset, limit: list.size });
    return ok(pageOf(rows, total, list));
  });

  app.post(
    '/api/v1/invoices/preview',
    { config: { ...merchantAccess.config, readOnly: true }, schema: previewSchema },
    async (request) => {
      const applicant = applicantOf(requireAuth(request));
      const batches = await eligibleBatchesOrFail(db, applicant, batchIdsOf(request.body));
      // Said before the application: the issuing enterprise must be bound to the company (applyForInvoice refuses).
      // Its name is the 服务主体 the page's confirmation shows.
      const enterprise = await payingEnterprise(db, applicant.companyId, applicant.platformMark);
      return ok({ ...figuresOf(applicant.platformMark, batches), enterpriseName: enterprise?.name ?? null });
    },
  );

  app.post('/api/v1/invoices', { ...merchantAccess, schema: applySchema }, async (request) => {
    const auth = requireAuth(request);
    const applicant = applicantOf(auth);
    const { application, info } = await checkedApplication(db, applicant, request.body);
    const id = await applyForInvoice(db, applicant, application, info, chinaTime(), (tx, invoiceId) =>
      recordOperation(tx, request, auth, {
        action: '申请开票',
        resource: 'applyInvoice',
        recordId: invoiceId,
        changes: bodyChanges(request.body),
      }),
    );
    return ok(await invoiceWithBatches(db, id), '开票申请已提交');
  });

  app.get('/api/v1/invoices/search', { ...listAccess, schema: invoiceSearchSchema }, async (request) => {
    const auth = requireAuth(request);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const criteria = { ...invoiceSearchOf(list.filters), ...scopedSearch(request, auth) };
    const { rows, total } = await searchInvoices(db, criteria, {
      sort: list.sort,
      offset: list.offset,
      limit: list.size,
    });
    return ok(pageOf(rows, total, list));
  });

  app.get('/api/v1/invoices/:id', { ...listAccess, schema: invoiceSchema }, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '发票申请编号');
    await assertInvoiceVisible(db, auth, await invoiceOrFail(db, id));
    return ok(await invoiceWithBatches(db, id));
  });

  /** The application a staff step acts on, after the caller's edition and scope were checked. */
  const handled = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '发票申请编号');
    const invoice = await invoiceOrFail(db, id);
    await assertInvoiceVisible(db, auth, invoice);
    return { auth, id, invoice };
  };

  app.post('/api/v1/invoices/:id/issue', { ...staffAccess, schema: issueSchema }, async (request) => {
    const { auth, id } = await handled(request);
    const issue = issueOf(request.body);
    const file = issue.fileUrl
      ? await uploadedDocument(db, auth.userId, issue.fileUrl, 'invoice_file', {
          invalid: '发票文件无效，请重新上传',
          format: '发票文件仅支持PDF、JPG、PNG格式',
        })
      : null;
    const audit = auditOf(request, auth, {
      action: '开票',
      resource: 'adInvoice',
      recordId: id,
      changes: { invoiceNumber: [null, issue.invoiceNumber], file: [null, file?.name ?? null] },
    });
    await issueInvoice(db, id, { invoiceNumber: issue.invoiceNumber, file }, auth.userId, chinaTime(), audit);
    return ok(await invoiceWithBatches(db, id), '开票成功');
  });

  app.post('/api/v1/invoices/:id/mail', { ...staffAccess, schema: mailSchema }, async (request) => {
    const { auth, id } = await handled(request);
    const trackingNo = trackingNoOf(request.body);
    const audit = auditOf(request, auth, {
      action: '邮寄',
      resource: 'adInvoice',
      recordId: id,
      changes: { trackingNo: [null, trackingNo] },
    });
    await mailInvoice(db, id, trackingNo, auth.userId, chinaTime(), audit);
    return ok(await invoiceWithBatches(db, id), '已标记为已邮寄');
  });

  app.post('/api/v1/invoices/:id/reject', { ...staffAccess, schema: rejectSchema }, async (request) => {
    const { auth, id } = await handled(request);
    const reason = rejectReasonOf(request.body);
    const audit = auditOf(request, auth, {
      action: '驳回',
      resource: 'adInvoice',
      recordId: id,
      changes: { reason: [null, reason] },
    });
    await rejectInvoice(db, id, reason, auth.userId, audit);
    return ok(await invoiceWithBatches(db, id), '已驳回');
  });
}
