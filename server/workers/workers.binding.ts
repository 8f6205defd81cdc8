import { sql } from 'kysely';
import type { ResourceDeclaration } from '../../resources/types';
import {
  adAuditingBigBear,
  adInformationAcquisition,
  adRescindPersonal,
  adSignedPersonel,
  adSignUserBigBear,
  adSmallRescindPersonal,
  adSmallSignedPersonel,
  bigBearOverview,
  contractOddJobManagement,
  laborImport,
  refererImport,
  signImport,
  signUser,
} from '../../resources/workers';
import { ITEM } from '../../src/domain/moneyEnums';
import { REGISTRATION_THRESHOLD, TAX_REGISTRATION_WARNING } from '../../src/domain/tax/workerVat';
import { AUDIT_STATUS, SIGN_STATUS, WORKER_SOURCE } from '../../src/domain/workers';
import { chinaTime } from '../db/time';
import type { ResourceBinding, WriteContext } from '../engine/binding';
import { fail } from '../http/errors';
import { bigBearWorker } from './bigBear';
import { idFilterKey } from './identity';
import { rescindAgreements } from './workers.service';

/**
 * The worker lists on the resource engine (resources/workers.ts), all over `workers` in company scope. The bank
 * card is masked in SQL, the ID number is never selected (idMasked), and the 身份证号 filter compares the keyed
 * hash. Imports, adding by hand and the whitelist are workers.routes.ts.
 */

const bankCardMasked = sql<string>`CASE WHEN workers.bank_card = '' THEN '' ELSE '****' || substr(workers.bank_card, length(workers.bank_card) - 3) END`;
const payoutMethodName = sql<string>`CASE WHEN workers.payout_method = 'alipay' THEN '支付宝' ELSE '银行卡' END`;
/** The Alipay login id masked as lists show contact details: its first 3 and last 4 characters. */
const alipayAccountMasked = sql<string>`CASE WHEN workers.alipay_account IS NULL THEN '' ELSE substr(workers.alipay_account, 1, 3) || '****' || substr(workers.alipay_account, length(workers.alipay_account) - 3) END`;

/** 'YYYY-MM' as a month count, the same on SQLite and PostgreSQL. */
const monthIndex = (column: string) =>
  sql`(CAST(substr(${sql.ref(column)}, 1, 4) AS INTEGER) * 12 + CAST(substr(${sql.ref(column)}, 6, 2) AS INTEGER))`;

/**
 * The 5 000 000 元 / 12 months warning (公告2025年第16号, docs/tax.md) on the worker's record: the worker's service
 * income at one signing entity over the 12 months ending with the worker's latest paid month passes it.
 */
const taxRegistrationWarning = sql<string>`CASE WHEN EXISTS (
  SELECT 1 FROM payout_items ti
  WHERE ti.id_card = workers.id_card AND ti.status NOT IN (${ITEM.failed}, ${ITEM.returned}) AND ti.tax_month IS NOT NULL
    AND ${monthIndex('ti.tax_month')} > (
      SELECT MAX(${monthIndex('tl.tax_month')}) FROM payout_items tl
      WHERE tl.id_card = workers.id_card AND tl.status NOT IN (${ITEM.failed}, ${ITEM.returned}) AND tl.tax_month IS NOT NULL
    ) - 12
  GROUP BY ti.enterprise_id
  HAVING SUM(ti.amount) > ${REGISTRATION_THRESHOLD}
) THEN ${TAX_REGISTRATION_WARNING} ELSE '' END`;

function reasonOf(context: WriteContext, what: string): string {
  const reason = typeof context.body.reason === 'string' ? context.body.reason.trim() : '';
  const length = [...reason].length;
  if (length < 2 || length > 200) fail(`请填写${what}（2-200个字符）`);
  return reason;
}

function view(
  declaration: ResourceDeclaration,
  fixed: Record<string, number> = {},
  extra: Partial<ResourceBinding> = {},
): ResourceBinding {
  return {
    declaration,
    table: 'workers',
    computed: { bankCardMasked, payoutMethodName, alipayAccountMasked, taxRegistrationWarning },
    joins: [{ table: 'companies', on: ['companies.id', 'workers.company_id'] }],
    columns: { companyName: 'companies.name' },
    scope: { kind: 'company', column: 'workers.company_id' },
    ...(Object.keys(fixed).length > 0 ? { fixed } : {}),
    filters: {
      idCard: { column: 'workers.id_key', match: 'equals', rewrite: idFilterKey },
      // 姓名 and 手机号 match from the start: an index range within the company (bench/workers.ts: a contains
      // scan of a 200 000-worker company missed the 50 ms goal).
      name: { column: 'workers.name', match: 'prefix' },
      mobile: { column: 'workers.mobile', match: 'prefix' },
      stime: { column: 'workers.create_time' },
      etime: { column: 'workers.create_time' },
    },
    messages: { notFound: '人员不存在', idLabel: '人员编号' },
    ...extra,
  };
}

const rescind = {
  rescind: {
    beforeUpdate: async (context: WriteContext) => {
      reasonOf(context, '解约原因');
    },
    afterClaim: async (context: WriteContext) => {
      await rescindAgreements(context.db, context.id ?? 0, chinaTime(), String(context.body.reason).trim());
    },
    set: (context: WriteContext) => ({
      sign_status: SIGN_STATUS.rescinded,
      rescind_time: chinaTime(),
      rescind_reason: String(context.body.reason).trim(),
      update_time: chinaTime(),
    }),
    guard: {
      when: (eb: any) => eb('workers.sign_status', '=', SIGN_STATUS.signed),
      message: '只有已签署的人员可以解约',
    },
    message: '解约成功',
  },
};

const audit = {
  approve: {
    set: (context: WriteContext) => ({
      audit_status: AUDIT_STATUS.approved,
      audit_reason: null,
      audit_time: chinaTime(),
      auditor: context.auth.displayName,
    }),
    guard: {
      when: (eb: any) => eb('workers.audit_status', '<>', AUDIT_STATUS.approved),
      message: '该人员信息已审核通过',
    },
    message: '审核通过',
  },
  reject: {
    beforeUpdate: async (context: WriteContext) => {
      reasonOf(context, '驳回原因');
    },
    set: (context: WriteContext) => ({
      audit_status: AUDIT_STATUS.rejected,
      audit_reason: String(context.body.reason).trim(),
      audit_time: chinaTime(),
      auditor: context.auth.displayName,
    }),
    guard: { when: (eb: any) => eb('workers.audit_status', '<>', AUDIT_STATUS.rejected), message: '该人员信息已驳回' },
    message: '已驳回',
  },
};

/** 灵工合同管理: the company's worker agreements (signLinks.ts draws them up, signingPage.routes.ts signs them). */
const agreements: ResourceBinding = {
  declaration: contractOddJobManagement,
  table: 'worker_agreements',
  joins: [{ table: 'workers', on: ['workers.id', 'worker_agreements.worker_id'] }],
  columns: { workerName: 'workers.name', idMasked: 'workers.id_masked' },
  scope: { kind: 'company', column: 'worker_agreements.company_id' },
  filters: {
    workerName: { column: 'workers.name', match: 'contains' },
    agreementNo: { column: 'worker_agreements.agreement_no', match: 'contains' },
  },
  messages: { notFound: '协议不存在', idLabel: '协议编号' },
};

/** The signing link is signLink.routes.ts. */
const merchantActions = { actions: rescind, handWritten: ['signLink'] };

/** 大熊信息下载: the download jobs (bigBear.routes.ts starts them and serves their files). */
const downloads: ResourceBinding = {
  declaration: adSignUserBigBear,
  table: 'worker_downloads',
  joins: [
    { table: 'companies', on: ['companies.id', 'worker_downloads.company_id'] },
    { table: 'enterprises', on: ['enterprises.id', 'worker_downloads.enterprise_id'] },
  ],
  columns: { companyName: 'companies.name', enterpriseName: 'enterprises.name' },
  scope: { kind: 'company', column: 'worker_downloads.company_id' },
  handWritten: ['file'],
  messages: { notFound: '下载任务不存在', idLabel: '任务编号' },
};

export const WORKER_BINDINGS: readonly ResourceBinding[] = [
  agreements,
  downloads,
  view(signUser, {}, merchantActions),
  view(signImport, { source: WORKER_SOURCE.signImport }, merchantActions),
  view(laborImport, { source: WORKER_SOURCE.laborImport }, merchantActions),
  view(refererImport, { source: WORKER_SOURCE.refererImport }, merchantActions),
  view(
    bigBearOverview,
    {},
    {
      where: bigBearWorker,
      joins: [
        { table: 'companies', on: ['companies.id', 'workers.company_id'] },
        { table: 'enterprises', on: ['enterprises.id', 'workers.enterprise_id'] },
      ],
      columns: { companyName: 'companies.name', enterpriseName: 'enterprises.name' },
      handWritten: ['signLink', 'agreement'],
    },
  ),
  view(adSignedPersonel, { sign_status: SIGN_STATUS.signed, platform_mark: 1 }),
  view(adRescindPersonal, { sign_status: SIGN_STATUS.rescinded, platform_mark: 1 }),
  view(adSmallSignedPersonel, { sign_status: SIGN_STATUS.signed, platform_mark: 3 }),
  view(adSmallRescindPersonal, { sign_status: SIGN_STATUS.rescinded, platform_mark: 3 }),
  view(adInformationAcquisition),
  view(adAuditingBigBear, {}, { actions: audit }),
];
