import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { filterKeys, sortFields } from '../../resources/types';
import { signUser } from '../../resources/workers';
import { PAYOUT_METHOD_LABELS } from '../../src/domain/payees';
import { BATCH_MAX_ROWS } from '../../src/domain/payoutBatch';
import { ROLE } from '../../src/domain/roles';
import { SIGN_STATUS } from '../../src/domain/workers';
import type { AppServices } from '../appServices';
import { holdsAny, requireAuth } from '../auth/access';
import type { ResourceBinding } from '../engine/binding';
import { resolveColumns } from '../engine/columns';
import { recordOperation } from '../engine/operationLog';
import { filterConditions } from '../engine/reads';
import { attachmentDisposition } from '../files/fileStore';
import { ForbiddenError, fail } from '../http/errors';
import { type ListSpec, parseListQuery } from '../http/listQuery';
import { TEMPLATE_NAME, templateCsv, templateXlsx } from '../money/payouts/batchTemplate';
import { WORKER_BINDINGS } from './workers.binding';
import { payoutTemplateSchema } from './workers.schemas';

/**
 * 导出打款模板 on /signUser: the company's signed workers (the ones picked, or all the list's filters find) as the
 * batch payout template /remit parses, name, ID number, bank card and phone filled in, amount left for the merchant.
 * Only the caller's own company and only 已签署 workers: a payout to anyone else is refused at upload anyway.
 */

export const PAYOUT_TEMPLATE_MSG = {
  merchantOnly: '仅商户账号可以导出打款模板',
  noRemit: '当前账号没有批量打款权限，不能导出打款模板',
  nobody: '没有可导出的已签署人员：请勾选已签署的人员，或调整筛选条件',
  tooMany: `一次最多导出${BATCH_MAX_ROWS}人（批量打款单次上限），请缩小筛选范围`,
} as const;

function rosterBinding(): ResourceBinding {
  const binding = WORKER_BINDINGS.find((item) => item.declaration.name === signUser.name);
  if (!binding) throw new Error('workers.binding.ts: the signUser binding is missing');
  return binding;
}
const ROSTER = rosterBinding();
const COLUMNS = resolveColumns(ROSTER);
const LIST_SPEC: ListSpec = {
  filterKeys: filterKeys(signUser),
  sortFields: sortFields(signUser),
  defaultSort: { field: signUser.defaultSort.field, order: signUser.defaultSort.order === 'ASC' ? 'asc' : 'desc' },
};

export async function payoutTemplateRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.post(
    '/api/v1/workers/payout_template',
    { config: { access: { permissions: signUser.permissions.list } }, schema: payoutTemplateSchema },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (auth.roleId !== ROLE.merchant || auth.companyId === null) {
        throw new ForbiddenError(PAYOUT_TEMPLATE_MSG.merchantOnly);
      }
      // The file carries full ID and card numbers: only for someone who may pay them (the /remit code).
      if (!holdsAny(auth, ['MER_INVOICE_APPLY'])) throw new ForbiddenError(PAYOUT_TEMPLATE_MSG.noRemit);
      const companyId = auth.companyId;
      const query = request.query as { format?: string; sort?: string };
      const format = query.format || 'xlsx';
      if (format !== 'xlsx' && format !== 'csv') fail('模板格式只能是 xlsx 或 csv');
      const ids = [...new Set((request.body as { ids?: number[] } | undefined)?.ids ?? [])].map(Number);
      const list = parseListQuery(request.url, { sort: query.sort }, LIST_SPEC);
      const conditions = filterConditions(db, ROSTER, COLUMNS, list.filters);
      const sortColumn = list.sort ? COLUMNS.sort[list.sort.field] : undefined;
      const order = list.sort?.order ?? 'desc';
      let rows = db
        .selectFrom('workers')
        .select([
          'workers.name',
          'workers.id_card as idCard',
          'workers.bank_card as bankCard',
          'workers.mobile',
          'workers.payout_method as method',
          'workers.alipay_account as alipayAccount',
        ])
        .where('workers.company_id', '=', companyId)
        .where('workers.sign_status', '=', SIGN_STATUS.signed)
        .$if(conditions.length > 0, (select) =>
          select.where((eb) => eb.and(conditions.map((condition) => condition(eb as never)))),
        )
        .$if(ids.length > 0, (select) => select.where('workers.id', 'in', ids));
      if (sortColumn) rows = rows.orderBy(sql.ref(sortColumn), order);
      const payees = await rows
        .orderBy('workers.id', order)
        .limit(BATCH_MAX_ROWS + 1)
        .execute();
      if (payees.length === 0) fail(PAYOUT_TEMPLATE_MSG.nobody);
      if (payees.length > BATCH_MAX_ROWS) fail(PAYOUT_TEMPLATE_MSG.tooMany);
      const filled = payees.map((payee) => ({
        name: payee.name,
        idCard: payee.idCard,
        bankCard: payee.bankCard ?? '',
        mobile: payee.mobile ?? '',
        method: PAYOUT_METHOD_LABELS[payee.method === 'alipay' ? 'alipay' : 'bankcard'],
        alipayAccount: payee.alipayAccount ?? '',
      }));
      const content = format === 'xlsx' ? await templateXlsx(filled) : templateCsv(filled);
      await recordOperation(db, request, auth, {
        // The log shows a Chinese action and change names as written (system/operationLogText.ts).
        action: '导出打款模板',
        resource: 'signUser',
        recordId: null,
        recordTitle: `${payees.length}名已签署人员`,
        changes: {
          人数: [null, payees.length],
          范围: [null, ids.length > 0 ? '勾选的人员' : '列表筛选结果'],
          格式: [null, format],
        },
      });
      return reply
        .header(
          'content-type',
          format === 'xlsx'
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'text/csv; charset=utf-8',
        )
        .header('content-disposition', attachmentDisposition(`${TEMPLATE_NAME}-已签署人员.${format}`))
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  );
}
