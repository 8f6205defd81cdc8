import type { FastifyInstance, FastifyReply } from 'fastify';
import { SETTLEMENT_SHEET_CODES } from '../../resources/settlementSheets';
import { MONTH_PATTERN, SETTLEMENT_SHEET } from '../../src/domain/finance';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { assertCompanyVisible, companyScope, parseId, staffScopeOf } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { attachmentDisposition } from '../files/fileStore';
import { bodyFields } from '../http/bodyFields';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { editionParam } from '../money/editionAccess';
import type { Tx } from '../money/ledger/ledger';
import { XLSX_TYPE } from '../statistics/xlsx';
import { withRunClaim } from '../system/runClaims';
import {
  confirmSheetSchema,
  correctSheetSchema,
  generateSheetsSchema,
  sheetPdfSchema,
  sheetXlsxSchema,
} from './finance.schemas';
import { type SheetDocument, sheetFileName, sheetPdf, sheetXlsx } from './settlementSheetFiles';
import {
  FIGURE_KEYS,
  generateSheets,
  ledgerFigures,
  periodOfMonth,
  SheetImbalanceError,
  sameFigures,
  sheetNumber,
} from './settlementSheets.service';

/**
 * 结算单 beside the engine's list (settlementSheets.binding.ts), all UI_SETTLEMENT_SHEET:
 * - POST  /api/v1/settlementsheets/generate {month, platformmark, companyId?}: one company or every company of
 *   the edition in the caller's scope; pending sheets are recomputed, confirmed ones left alone;
 * - PATCH /api/v1/settlementsheets/{id}/confirm: only a pending sheet whose figures still equal the ledger;
 * - POST  /api/v1/settlementsheets/{id}/correct {reason}: a confirmed sheet gets a new revision computed from the
 *   ledger now, naming the old one, which stays as it was;
 * - GET   /api/v1/settlementsheets/{id}/pdf | /xlsx: the sheet as a file.
 */
const access = { config: { access: { permissions: [...SETTLEMENT_SHEET_CODES] } } };
const NOT_FOUND = '结算单不存在';

function monthOf(raw: unknown): string {
  const month = typeof raw === 'string' ? raw.trim() : '';
  if (!month) fail('请选择结算月份');
  if (!MONTH_PATTERN.test(month)) fail('结算月份格式不正确，应为 YYYY-MM');
  // Only a month that has ended can be settled (China time).
  if (month >= chinaTime().slice(0, 7)) fail('只能为已结束的月份生成结算单');
  return month;
}

/** The body, an object or none by its schema (finance.schemas.ts). */
async function visibleSheet(db: Db | Tx, auth: AuthContext, rawId: unknown) {
  const id = parseId(rawId, '结算单编号');
  const sheet = await db.selectFrom('settlement_sheets').selectAll().where('id', '=', id).executeTakeFirst();
  if (!sheet) fail(NOT_FOUND);
  await assertCompanyVisible(db as Db, auth, Number(sheet.company_id));
  return sheet;
}

async function documentOf(db: Db, sheet: Awaited<ReturnType<typeof visibleSheet>>): Promise<SheetDocument> {
  const [company, corrected, confirmer] = await Promise.all([
    db.selectFrom('companies').select(['name', 'credit_code']).where('id', '=', sheet.company_id).executeTakeFirst(),
    sheet.corrects_id
      ? db.selectFrom('settlement_sheets').select('sheet_no').where('id', '=', sheet.corrects_id).executeTakeFirst()
      : Promise.resolve(undefined),
    sheet.confirmed_by
      ? db.selectFrom('users').select('display_name').where('id', '=', sheet.confirmed_by).executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  const figures = Object.fromEntries(FIGURE_KEYS.map((key) => [key, Number(sheet[key])])) as Record<
    (typeof FIGURE_KEYS)[number],
    number
  >;
  return {
    ...figures,
    sheetNo: sheet.sheet_no,
    companyName: company?.name ?? `企业 #${sheet.company_id}`,
    creditCode: company?.credit_code ?? '',
    platformMark: Number(sheet.platform_mark),
    periodMonth: sheet.period_month,
    periodFrom: sheet.period_from,
    periodTo: sheet.period_to,
    status: Number(sheet.status),
    correctsNo: corrected?.sheet_no ?? null,
    reason: sheet.reason,
    generateTime: sheet.generate_time,
    confirmTime: sheet.confirm_time,
    confirmerName: confirmer?.display_name ?? null,
  };
}

function imbalance(error: unknown): never {
  if (error instanceof SheetImbalanceError) fail(`${error.message}，账本中有无法归类的流水，请联系技术人员核查`);
  throw error;
}

async function sendFile(reply: FastifyReply, type: string, name: string, body: unknown) {
  return reply
    .header('content-type', type)
    .header('content-disposition', attachmentDisposition(name))
    .header('cache-control', 'private, no-store')
    .send(body);
}

export async function settlementSheetsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.post('/api/v1/settlementsheets/generate', { ...access, schema: generateSheetsSchema }, async (request) => {
    const auth = requireAuth(request);
    const body = bodyFields(request.body);
    const month = monthOf(body.month);
    const platformMark = editionParam(body.platformmark ?? 1);
    let companyId: number | undefined;
    if (body.companyId !== undefined && body.companyId !== null && body.companyId !== '') {
      companyId = parseId(body.companyId, '企业编号');
      await assertCompanyVisible(db, auth, companyId);
    }
    const period = periodOfMonth(month);
    const now = chinaTime();
    // One generation per edition and month at a time (system/runClaims.ts): two write the same sheets.
    const claim = { job: `settlementSheets:${platformMark}:${month}`, label: '生成结算单', operator: auth.displayName };
    const outcome = await withRunClaim(db, claim, () =>
      db.transaction().execute(async (tx) => {
        const result = await generateSheets(tx, {
          platformMark,
          period,
          companyId,
          scope: staffScopeOf(companyScope(auth)),
          operatorId: auth.userId,
          now,
        });
        await recordOperation(tx, request, auth, {
          action: '生成结算单',
          resource: 'adStatementManagement',
          recordId: companyId ?? null,
          changes: {
            month: [null, month],
            platformMark: [null, platformMark],
            created: [null, result.created],
            updated: [null, result.updated],
          },
        });
        return result;
      }),
    ).catch(imbalance);
    if (outcome.sheetIds.length === 0) {
      fail(companyId ? '该企业在所选月份没有余额和流水，无需结算单' : '所选月份没有需要结算的企业');
    }
    const parts = [`新生成 ${outcome.created} 张`];
    if (outcome.updated) parts.push(`重新计算 ${outcome.updated} 张`);
    if (outcome.unchanged) parts.push(`${outcome.unchanged} 张无变化`);
    if (outcome.confirmed) parts.push(`${outcome.confirmed} 张已确认未改动`);
    return ok(outcome, `结算单已生成：${parts.join('，')}`);
  });

  app.patch('/api/v1/settlementsheets/:id/confirm', { ...access, schema: confirmSheetSchema }, async (request) => {
    const auth = requireAuth(request);
    const now = chinaTime();
    await db
      .transaction()
      .execute(async (tx) => {
        const sheet = await visibleSheet(tx, auth, (request.params as { id: string }).id);
        if (Number(sheet.status) !== SETTLEMENT_SHEET.pending) fail('该结算单已确认，不能重复确认');
        const [fresh] = await ledgerFigures(tx, Number(sheet.platform_mark), periodOfMonth(sheet.period_month), {
          companyId: Number(sheet.company_id),
        });
        if (!fresh || !sameFigures(fresh, sheet)) fail('账本在生成结算单后有变动，请重新生成后再确认');
        const updated = await tx
          .updateTable('settlement_sheets')
          .set({ status: SETTLEMENT_SHEET.confirmed, confirmed_by: auth.userId, confirm_time: now })
          .where('id', '=', sheet.id)
          .where('status', '=', SETTLEMENT_SHEET.pending)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) fail('该结算单已确认，不能重复确认');
        await recordOperation(tx, request, auth, {
          action: '确认结算单',
          resource: 'adStatementManagement',
          recordId: Number(sheet.id),
          changes: { status: [SETTLEMENT_SHEET.pending, SETTLEMENT_SHEET.confirmed] },
        });
      })
      .catch(imbalance);
    return ok(null, '结算单已确认');
  });

  app.post('/api/v1/settlementsheets/:id/correct', { ...access, schema: correctSheetSchema }, async (request) => {
    const auth = requireAuth(request);
    const body = bodyFields(request.body);
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (!reason) fail('请填写更正原因');
    if ([...reason].length > 200) fail('更正原因不能超过200个字');
    const now = chinaTime();
    const created = await db
      .transaction()
      .execute(async (tx) => {
        const sheet = await visibleSheet(tx, auth, (request.params as { id: string }).id);
        if (Number(sheet.status) !== SETTLEMENT_SHEET.confirmed) fail('只有已确认的结算单才能更正，待确认的请重新生成');
        const later = await tx
          .selectFrom('settlement_sheets')
          .select('sheet_no')
          .where('corrects_id', '=', sheet.id)
          .executeTakeFirst();
        if (later) fail(`该结算单已被 ${later.sheet_no} 更正，请更正最新的结算单`);
        const [fresh] = await ledgerFigures(tx, Number(sheet.platform_mark), periodOfMonth(sheet.period_month), {
          companyId: Number(sheet.company_id),
        });
        if (!fresh || sameFigures(fresh, sheet)) fail('账本数据与原结算单一致，无需更正');
        const { companyId: _companyId, ...values } = fresh;
        const revision = Number(sheet.revision) + 1;
        const inserted = await tx
          .insertInto('settlement_sheets')
          .values({
            sheet_no: sheetNumber(sheet.period_month, Number(sheet.platform_mark), Number(sheet.company_id), revision),
            company_id: sheet.company_id,
            platform_mark: sheet.platform_mark,
            period_month: sheet.period_month,
            period_from: sheet.period_from,
            period_to: sheet.period_to,
            revision,
            ...values,
            status: SETTLEMENT_SHEET.pending,
            corrects_id: sheet.id,
            reason,
            generated_by: auth.userId,
            generate_time: now,
          })
          .returning(['id', 'sheet_no'])
          .executeTakeFirstOrThrow();
        await recordOperation(tx, request, auth, {
          action: '更正结算单',
          resource: 'adStatementManagement',
          recordId: Number(inserted.id),
          changes: { correctsNo: [null, sheet.sheet_no], reason: [null, reason] },
        });
        return { id: Number(inserted.id), sheetNo: inserted.sheet_no };
      })
      .catch(imbalance);
    return ok(created, `已生成更正单 ${created.sheetNo}，确认后生效`);
  });

  app.get('/api/v1/settlementsheets/:id/pdf', { ...access, schema: sheetPdfSchema }, async (request, reply) => {
    const auth = requireAuth(request);
    const sheet = await visibleSheet(db, auth, (request.params as { id: string }).id);
    const document = await documentOf(db, sheet);
    return sendFile(reply, 'application/pdf', sheetFileName(document, 'pdf'), Buffer.from(await sheetPdf(document)));
  });

  app.get('/api/v1/settlementsheets/:id/xlsx', { ...access, schema: sheetXlsxSchema }, async (request, reply) => {
    const auth = requireAuth(request);
    const sheet = await visibleSheet(db, auth, (request.params as { id: string }).id);
    const document = await documentOf(db, sheet);
    return sendFile(reply, XLSX_TYPE, sheetFileName(document, 'xlsx'), sheetXlsx(document));
  });
}
