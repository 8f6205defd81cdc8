import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { itemServiceCharge } from '../../src/domain/charges';
import { maskBankCard, maskIdCard } from '../../src/domain/masking';
import { maskAlipayAccount } from '../../src/domain/payees';
import { BATCH_MAX_BYTES, BATCH_PREVIEW_ROWS, SUBMIT_MSG } from '../../src/domain/payoutBatch';
import { ROLE } from '../../src/domain/roles';
import { checkPaymentPassword } from '../accounts/paymentPasswords';
import { paymentPasswordHash } from '../accounts/workspace.repository';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import { chinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { enterpriseNotice, payingEnterprise } from '../enterprises/enterprises.service';
import { warmDecoders } from '../files/decoding';
import { attachmentDisposition } from '../files/fileStore';
import { cleanFileName } from '../files/fileTypes';
import { uploadedBatchFile } from '../http/batchUpload';
import { bodyFields } from '../http/bodyFields';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { identityCheckOf } from '../workers/identityCheck';
import { balanceOf } from './ledger/ledger';
import { draftSchema, submitSchema, templateSchema, validateSchema, waitingDraftsSchema } from './money.schemas';
import type { RawBatchRow } from './payouts/batchFile';
import { BatchFileError, BatchLimitError } from './payouts/batchFileErrors';
import { parseBatchFileIsolated } from './payouts/batchParser';
import { TEMPLATE_NAME, templateCsv, templateXlsx } from './payouts/batchTemplate';
import { draftRows, findOwnDraft, waitingDrafts } from './payouts/drafts';
import { assertNotExpired, draftFromRows, payDraft } from './payouts/payoutIntake';
import type { PayoutRow } from './payouts/payoutRow';
import { type RowError, rowWarnings } from './payouts/validateRows';
import { priceWithholding } from './tax/withholding';

/**
 * Batch payouts of the logged-in merchant (/remit, MER_INVOICE_APPLY), for the session's company and edition:
 * - GET  /api/v1/remittances/template?format=xlsx|csv   the upload template (header row + one example payee);
 * - POST /api/v1/remittances/batch/validate             multipart `file` (.xlsx / .csv, ≤ 10 MB, ≤ 10 000 rows):
 *   a clean file becomes a draft and answers the preview { draftId, itemCount, totalAmount, serviceCharge,
 *   total, balance, balanceAfter (balance − total, negative when short), shortfall, rate, rows (first 200, ID and
 *   card numbers masked as in the records), warnings: [{ rowNo, field, message }] (cards failing the check digit) };
 *   a file with bad rows answers 1040400 '文件中有 N 行数据有误…' with content { errors: [{ rowNo, field,
 *   message }], warnings, badRowCount, rowCount } and stores nothing. The file is parsed in a capped worker thread
 *   (payouts/batchParser.ts); a file past a cap answers 1040400 文件内容过大或格式异常…. The company keeps at most
 *   MAX_OPEN_DRAFTS drafts not yet submitted: a new one drops the oldest beyond that;
 * - POST /api/v1/remittances/batch/submit  { draftId, payPassword, acceptWarnings, confirmRisk }: pays the draft
 *   once; a draft with warnings needs acceptWarnings true (the merchant checked those cards); a company whose
 *   enterprise is locked is refused, one whose enterprise is risky needs confirmRisk true (the preview's
 *   `enterprise` says which, so the page asks first). Submitting a draft
 *   again answers the same batch with the message 该批次已提交 (content.duplicate true) and pays nothing more.
 */

const ACCESS = { config: { access: { permissions: ['MER_INVOICE_APPLY'] } } };
/** Drafts /remit lists: at most MAX_OPEN_DRAFTS live uploads, a day's expired ones, and one per settled task. */
const WAITING_DRAFTS_SHOWN = 200;
const PAY_PASSWORD = /^\d{6}$/;

interface MerchantAuth extends AuthContext {
  companyId: number;
}

function merchantOf(request: FastifyRequest): MerchantAuth {
  const auth = requireAuth(request);
  if (auth.roleId !== ROLE.merchant || auth.companyId === null) throw new ForbiddenError(SUBMIT_MSG.merchantOnly);
  return auth as MerchantAuth;
}

/** Multipart is parsed only here: other routes keep answering 415 to multipart bodies. */
async function validateRoute(app: FastifyInstance, { db, config }: AppServices): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: BATCH_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  const identity = identityCheckOf(db, config);
  app.post('/api/v1/remittances/batch/validate', { ...ACCESS, schema: validateSchema }, async (request) => {
    const auth = merchantOf(request);
    const file = await uploadedBatchFile(request);
    // A company whose signed enterprises are none of those bound to it pays through none: said before any check.
    await payingEnterprise(db, auth.companyId, auth.platformMark);
    const fileName = cleanFileName(file.name) || 'batch';
    let raw: RawBatchRow[];
    try {
      raw = await parseBatchFileIsolated(fileName, file.content);
    } catch (error) {
      if (error instanceof BatchLimitError) {
        request.log.warn(
          { limit: error.limit, bytes: file.content.length, companyId: auth.companyId },
          '批量打款文件超出解析限制，已拒绝',
        );
      }
      if (error instanceof BatchFileError) fail(error.message);
      throw error;
    }
    const account = { companyId: auth.companyId, platformMark: auth.platformMark };
    const { draft, rows, warnings } = await draftFromRows(db, config, identity, account, auth.userId, fileName, raw);
    const dropped = draft.dropped.length > 0 ? `；${SUBMIT_MSG.draftsDropped(draft.dropped)}` : '';
    return ok(
      await previewOf(
        db,
        account,
        {
          draftId: draft.draftId,
          fileName,
          totalAmount: draft.totalAmount,
          serviceCharge: draft.serviceCharge,
          rate: draft.rate,
          expireTime: draft.expireTime,
          taskId: null,
        },
        rows,
        warnings,
      ),
      `文件校验通过，共 ${rows.length} 笔${dropped}`,
    );
  });
}

interface DraftFigures {
  draftId: number;
  fileName: string;
  totalAmount: number;
  serviceCharge: number;
  rate: number;
  /** When it can no longer be submitted (the page says so). */
  expireTime: string;
  /** The task it settles, or null for an upload. */
  taskId: number | null;
}

/**
 * What /remit shows before the payment password: totals, the balance after, the first rows (ID and card
 * numbers masked as in the records) and the warnings to acknowledge. Each row and the totals carry the gross
 * (amount), the income tax it would withhold now (taxAmount, on the worker's cumulative base at the signing
 * entity: tax/withholding.ts) and the net the worker receives (netAmount); the submission prices the rows again
 * under its claim, so a payment to the same worker made in between is counted (the debit does not change: the
 * company pays the gross and the charge either way). The same for a fresh upload and for a
 * draft opened again by its id (a task's settlement, server/tasks).
 */
async function previewOf(
  db: AppServices['db'],
  account: { companyId: number; platformMark: number },
  draft: DraftFigures,
  rows: readonly PayoutRow[],
  warnings: readonly RowError[],
) {
  const balance = await balanceOf(db, account);
  const total = draft.totalAmount + draft.serviceCharge;
  // The enterprise the payout goes through, bound to the company (a company signed only with unbound ones is refused).
  const enterprise = await payingEnterprise(db, account.companyId, account.platformMark);
  const withholding = await priceWithholding(db, account, rows, chinaTime());
  return {
    ...draft,
    taxAmount: withholding.taxAmount,
    netAmount: withholding.netAmount,
    taxMonth: withholding.month,
    itemCount: rows.length,
    total,
    balance,
    balanceAfter: balance - total,
    shortfall: Math.max(0, total - balance),
    rows: rows.slice(0, BATCH_PREVIEW_ROWS).map((row, index) => ({
      ...row,
      idCard: maskIdCard(row.idCard),
      bankCard: maskBankCard(row.bankCard),
      method: row.method ?? 'bankcard',
      alipayAccount: row.alipayAccount ? maskAlipayAccount(row.alipayAccount) : null,
      serviceCharge: itemServiceCharge(row.amount, draft.rate),
      taxAmount: withholding.rows[index].tax,
      netAmount: withholding.rows[index].net,
    })),
    warnings,
    enterprise: enterprise ? enterpriseNotice(enterprise) : null,
  };
}

export async function remittancesRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { db } = services;
  await app.register(async (scope) => validateRoute(scope, services));
  // A decoder thread takes about half a second to start: the real server starts one as it begins listening.
  app.addHook('onListen', async () => warmDecoders());

  app.get('/api/v1/remittances/template', { ...ACCESS, schema: templateSchema }, async (request, reply) => {
    const format = (request.query as { format?: string }).format ?? 'xlsx';
    if (format !== 'xlsx' && format !== 'csv') fail('模板格式只能是 xlsx 或 csv');
    const content = format === 'xlsx' ? await templateXlsx() : templateCsv();
    return reply
      .header(
        'content-type',
        format === 'xlsx'
          ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          : 'text/csv; charset=utf-8',
      )
      .header('content-disposition', attachmentDisposition(`${TEMPLATE_NAME}.${format}`))
      .header('cache-control', 'private, no-store')
      .send(content);
  });

  // The drafts waiting for submission, from uploads and tasks' settlements alike, expired ones saying when.
  app.get('/api/v1/remittances/batch/drafts', { ...ACCESS, schema: waitingDraftsSchema }, async (request) => {
    const auth = merchantOf(request);
    const account = { companyId: auth.companyId, platformMark: auth.platformMark };
    return ok(await waitingDrafts(db, account, chinaTime(), WAITING_DRAFTS_SHOWN));
  });

  // A draft opens here again by its id (/remit?draft=<id>): from the list above, or from its task.
  app.get('/api/v1/remittances/batch/drafts/:id', { ...ACCESS, schema: draftSchema }, async (request) => {
    const auth = merchantOf(request);
    const draftId = parseId((request.params as { id: string }).id, '上传记录编号');
    const draft = await findOwnDraft(db, draftId, auth.companyId, auth.platformMark);
    if (!draft) fail(SUBMIT_MSG.draftMissing);
    if (draft.batchId !== null) fail(SUBMIT_MSG.alreadySubmitted);
    assertNotExpired(draft);
    const rows = await draftRows(db, draft.id);
    if (rows === null) fail(SUBMIT_MSG.draftMissing);
    const account = { companyId: auth.companyId, platformMark: auth.platformMark };
    const figures = {
      draftId: draft.id,
      fileName: draft.fileName,
      totalAmount: draft.totalAmount,
      serviceCharge: draft.serviceCharge,
      rate: draft.rate,
      expireTime: draft.expireTime,
      taskId: draft.taskId,
    };
    return ok(await previewOf(db, account, figures, rows, rowWarnings(rows)));
  });

  app.post('/api/v1/remittances/batch/submit', { ...ACCESS, schema: submitSchema }, async (request) => {
    const auth = merchantOf(request);
    const body = bodyFields(request.body);
    const draftId = parseId(body.draftId, '上传记录编号');
    const payPassword = typeof body.payPassword === 'string' ? body.payPassword.trim() : '';
    if (!PAY_PASSWORD.test(payPassword)) fail(SUBMIT_MSG.passwordFormat);

    if (body.acceptWarnings !== undefined && typeof body.acceptWarnings !== 'boolean') fail('确认提示的取值不正确');
    if (body.confirmRisk !== undefined && typeof body.confirmRisk !== 'boolean') fail('风险确认的取值不正确');

    const draft = await findOwnDraft(db, draftId, auth.companyId, auth.platformMark);
    if (!draft) fail(SUBMIT_MSG.draftMissing);
    const paid = await payDraft(services, auth, draft, {
      acceptWarnings: body.acceptWarnings,
      confirmRisk: body.confirmRisk,
      authorize: async () => {
        const storedHash = await paymentPasswordHash(db, auth.companyId);
        if (storedHash === undefined) fail(SUBMIT_MSG.passwordNotSet);
        await checkPaymentPassword(db, auth.companyId, payPassword, storedHash, SUBMIT_MSG.passwordWrong);
      },
      audit: (tx, created) =>
        recordOperation(tx, request, auth, {
          action: '提交打款',
          resource: 'remit',
          recordId: created.batchId,
          changes: {
            batchNo: [null, created.batchNo],
            itemCount: [null, created.itemCount],
            totalAmount: [null, created.totalAmount],
            serviceCharge: [null, created.serviceCharge],
          },
        }),
    });
    return ok(paid.content, paid.message);
  });
}
