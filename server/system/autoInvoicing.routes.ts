import type { FastifyInstance } from 'fastify';
import { adSmallAutomaticInvoicingSetting } from '../../resources/autoInvoicing';
import { MONTH_DAY_MAX } from '../../src/domain/autoInvoicing';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { BusinessError, fail } from '../http/errors';
import { findCategory } from '../invoices/invoiceCategories';
import { AUTO_MODE, autoInvoicingClaim, runAutoInvoicing } from './autoInvoicing';
import { runNowSchema, runsSchema, saveSettingSchema } from './autoInvoicing.schemas';
import { withRunClaim } from './runClaims';

/**
 * Automatic invoicing besides the engine's list (autoInvoicing.binding.ts), UI_XGM_AUTOMATIC_INVOICING_SET:
 * - PUT  /api/v1/autoinvoicing/:companyId  { enabled, mode 1|2, monthDay 1-28 (mode 2), categoryId }  the
 *   company's setting (switching it on starts from now: earlier batches stay with the merchant);
 * - GET  /api/v1/autoinvoicing/:companyId/runs   the job's last 50 runs for the company;
 * - POST /api/v1/autoinvoicing/run               one pass of the job now (it also runs every minute).
 * Each write is one operation-log entry in its transaction.
 */
const ACCESS = { config: { access: { permissions: adSmallAutomaticInvoicingSetting.permissions.list } } };

function settingOf(body: unknown) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) fail('请求内容必须是 JSON 对象');
  const values = body as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const enabled = Number(values.enabled);
  if (enabled !== 0 && enabled !== 1) errors.enabled = '请选择是否开启自动开票';
  const mode = Number(values.mode);
  if (mode !== AUTO_MODE.afterBatch && mode !== AUTO_MODE.monthly) errors.mode = '请选择开票时机';
  const monthDay =
    values.monthDay === undefined || values.monthDay === null || values.monthDay === ''
      ? null
      : Number(values.monthDay);
  if (
    mode === AUTO_MODE.monthly &&
    (monthDay === null || !Number.isInteger(monthDay) || monthDay < 1 || monthDay > MONTH_DAY_MAX)
  ) {
    errors.monthDay = `请选择每月1-${MONTH_DAY_MAX}日中的一天`;
  }
  const categoryId = Number(values.categoryId);
  if (!Number.isSafeInteger(categoryId) || categoryId <= 0) errors.categoryId = '请选择默认开票类目';
  const messages = Object.values(errors);
  if (messages.length > 0) throw new BusinessError(messages[0], undefined, { errors });
  return { enabled, mode, monthDay: mode === AUTO_MODE.monthly ? monthDay : null, categoryId };
}

export async function autoInvoicingRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const companyOf = async (raw: unknown) => {
    const id = parseId(raw, '企业编号');
    const company = await db
      .selectFrom('companies')
      .select(['id', 'platform_mark'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (company?.platform_mark !== 3) fail('小规模企业不存在');
    return id;
  };

  app.put('/api/v1/autoinvoicing/:id', { ...ACCESS, schema: saveSettingSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = await companyOf((request.params as { id: string }).id);
    await assertCompanyVisible(db, auth, companyId);
    const setting = settingOf(request.body);
    const category = await findCategory(db, setting.categoryId);
    if (category?.platformMark !== 3 || category.status !== 1) {
      throw new BusinessError('开票类目不存在或已停用，请重新选择', undefined, {
        errors: { categoryId: '开票类目不存在或已停用，请重新选择' },
      });
    }
    const saved = await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('auto_invoice_settings')
        .selectAll()
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      const now = chinaTime();
      const values = {
        enabled: setting.enabled,
        mode: setting.mode,
        month_day: setting.monthDay,
        category_id: setting.categoryId,
        // Switched on now: the batches finished before stay with the merchant.
        enabled_time: setting.enabled === 1 ? (before?.enabled === 1 ? before.enabled_time : now) : null,
        operator: [...auth.displayName].slice(0, 64).join(''),
        update_time: now,
      };
      if (before)
        await trx.updateTable('auto_invoice_settings').set(values).where('company_id', '=', companyId).execute();
      else
        await trx
          .insertInto('auto_invoice_settings')
          .values({ company_id: companyId, ...values })
          .execute();
      const after = await trx
        .selectFrom('auto_invoice_settings')
        .selectAll()
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      await recordOperation(trx, request, auth, {
        action: before ? 'update' : 'create',
        resource: adSmallAutomaticInvoicingSetting.name,
        recordId: companyId,
        changes: changesBetween(before ?? null, after),
      });
      return after;
    });
    return ok(
      {
        companyId,
        enabled: saved.enabled,
        mode: saved.mode,
        monthDay: saved.month_day,
        categoryId: Number(saved.category_id),
        enabledTime: saved.enabled_time,
      },
      '保存成功',
    );
  });

  app.get('/api/v1/autoinvoicing/:id/runs', { ...ACCESS, schema: runsSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = await companyOf((request.params as { id: string }).id);
    await assertCompanyVisible(db, auth, companyId);
    const rows = await db
      .selectFrom('auto_invoice_runs')
      .leftJoin('invoices', 'invoices.id', 'auto_invoice_runs.invoice_id')
      .select([
        'auto_invoice_runs.id as id',
        'auto_invoice_runs.run_key as runKey',
        'auto_invoice_runs.status as status',
        'auto_invoice_runs.batch_count as batchCount',
        'auto_invoice_runs.total as total',
        'auto_invoice_runs.message as message',
        'auto_invoice_runs.create_time as createTime',
        'invoices.apply_no as applyNo',
      ])
      .where('auto_invoice_runs.company_id', '=', companyId)
      .orderBy('auto_invoice_runs.id', 'desc')
      .limit(50)
      .execute();
    return ok(rows.map((row) => ({ ...row, id: Number(row.id), total: Number(row.total) })));
  });

  app.post('/api/v1/autoinvoicing/run', { ...ACCESS, schema: runNowSchema }, async (request) => {
    const auth = requireAuth(request);
    const summary = await withRunClaim(db, autoInvoicingClaim(auth.displayName), () => runAutoInvoicing(db));
    await recordOperation(db, request, auth, {
      action: 'run',
      resource: adSmallAutomaticInvoicingSetting.name,
      changes: { applied: [null, summary.applied], failed: [null, summary.failed] },
    });
    return ok(
      summary,
      `执行完成：新申请 ${summary.applied} 张发票${summary.failed > 0 ? `，${summary.failed} 次失败` : ''}`,
    );
  });
}
