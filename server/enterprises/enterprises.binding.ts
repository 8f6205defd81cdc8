import { randomBytes } from 'node:crypto';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { agentManagement, mainInformation, smallAgentManagement } from '../../resources/enterprises';
import type { ResourceDeclaration } from '../../resources/types';
import { ENTERPRISE_MSG, MAX_RATE, ENTERPRISE_STATUS_CODE as STATUS } from '../../src/domain/enterprises';
import { MSG_OTHER_EDITION } from '../auth/scope';
import { chinaTime } from '../db/time';
import type { ActionBinding, ResourceBinding, WriteContext } from '../engine/binding';
import { fail } from '../http/errors';
import { type FieldCheck, lengthBetween } from '../http/fieldChecks';

const rate: FieldCheck = (value) =>
  Number.isInteger(Number(value)) && Number(value) >= 0 && Number(value) <= MAX_RATE ? undefined : ENTERPRISE_MSG.rate;

/** The prompt's reason (1-200 characters), else 请填写原因. */
function reasonOf(context: WriteContext): string {
  const reason = typeof context.body.reason === 'string' ? context.body.reason.trim() : '';
  if (reason.length === 0 || [...reason].length > 200) fail(ENTERPRISE_MSG.reasonRequired);
  return reason;
}

const statusIn =
  (...statuses: number[]) =>
  (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    eb('enterprises.status', 'in', statuses);

/** Lock, mark risky, back to normal: who did it, when and why stay on the record. */
const STATUS_ACTIONS: Readonly<Record<string, ActionBinding>> = {
  lock: {
    set: (context) => ({
      status: STATUS.locked,
      status_reason: reasonOf(context),
      status_by: context.auth.displayName,
      status_time: chinaTime(),
    }),
    guard: { when: statusIn(STATUS.normal, STATUS.risky), message: '该主体已锁定' },
    message: '锁定成功',
  },
  risky: {
    set: (context) => ({
      status: STATUS.risky,
      status_reason: reasonOf(context),
      status_by: context.auth.displayName,
      status_time: chinaTime(),
    }),
    guard: { when: statusIn(STATUS.normal), message: '只有状态正常的主体可以标记风险' },
    message: '已标记风险',
  },
  unlock: {
    set: (context) => ({
      status: STATUS.normal,
      status_reason: null,
      status_by: context.auth.displayName,
      status_time: chinaTime(),
    }),
    guard: { when: statusIn(STATUS.locked, STATUS.risky), message: '该主体状态正常，无需恢复' },
    message: '已恢复正常',
  },
};

function managementBinding(declaration: ResourceDeclaration, platformMark: number): ResourceBinding {
  return {
    declaration,
    table: 'enterprises',
    fixed: { platform_mark: platformMark },
    scope: { kind: 'signingEntity', column: 'enterprises.platform_mark' },
    timestamps: { create: 'create_time', update: 'update_time' },
    insertDefaults: () => ({
      status: STATUS.normal,
      upload_enabled: 0,
      reports_payouts: 0,
      // The key its inbound webhook is signed with; shown to the admin on /addThirdPartyCall's callback pages.
      webhook_secret: randomBytes(32).toString('hex'),
    }),
    maxChars: { invoiceCategories: 255, remark: 255 },
    checks: () => ({
      name: lengthBetween(4, 64, '请输入4-64位主体名称'),
      shortName: lengthBetween(2, 16, '请输入2-16位简称'),
      taxOffice: lengthBetween(2, 64, '请输入2-64位主管税务机关'),
      rateLevel1: rate,
      rateLevel2: rate,
      rateLevel3: rate,
    }),
    // Columns that are NOT NULL: an emptied optional field falls back to its default.
    beforeSave: async (_context, values) => ({
      ...(values.rank === null ? { rank: 0 } : {}),
      ...(values.upload_enabled === null ? { upload_enabled: 0 } : {}),
      ...(values.reports_payouts === null ? { reports_payouts: 0 } : {}),
    }),
    unique: { field: 'creditCode', message: '统一社会信用代码已存在' },
    deleteGuard: {
      unlessUsed: (eb, id) =>
        eb.and([
          eb.not(
            eb.exists(eb.selectFrom('contracts').select('contracts.id').where('contracts.enterprise_id', '=', id)),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('agreement_templates')
                .select('agreement_templates.id')
                .where('agreement_templates.entid', '=', id),
            ),
          ),
          // Bound to a company (绑定签约主体): deleting it would leave the company a binding to nothing.
          eb.not(
            eb.exists(
              eb
                .selectFrom('company_enterprises')
                .select('company_enterprises.id')
                .where('company_enterprises.enterprise_id', '=', id),
            ),
          ),
        ]),
      message: '该主体已有合同、协议模板或绑定的企业，不能删除；不再合作请锁定',
    },
    actions: STATUS_ACTIONS,
    // Industries, risk and level rates are enterprises.routes.ts's calls (they serve both editions).
    handWritten: [
      'industries',
      'addIndustry',
      'removeIndustry',
      'risk',
      'levelRates',
      'alipayAccount',
      'saveAlipayAccount',
      'removeAlipayAccount',
    ],
    messages: { notFound: '主体不存在', idLabel: '主体编号', outOfScope: MSG_OTHER_EDITION },
  };
}

/** /adAgentmanagement: standard-edition enterprises. */
export const agentManagementBinding = managementBinding(agentManagement, 1);
/** /adSmallAgentmanagement: small-scale enterprises. */
export const smallAgentManagementBinding = managementBinding(smallAgentManagement, 3);

/** /adTheMainInformation: every enterprise, read-only. */
export const mainInformationBinding: ResourceBinding = {
  declaration: mainInformation,
  table: 'enterprises',
  scope: { kind: 'signingEntity', column: 'enterprises.platform_mark' },
  messages: { notFound: '主体不存在', idLabel: '主体编号', outOfScope: MSG_OTHER_EDITION },
};
