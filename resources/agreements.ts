import { AGREEMENT_KIND, SIGN_MODE } from '../src/domain/enterprises';
import {
  CONTRACT_STATUS,
  DATA_STATUS,
  PARTNER_CATEGORY,
  PLATFORM_MARK_CHOICES,
  SIGN_STATUS,
} from '../src/domain/enums';
import { SIGN_STATUS_CHOICES as WORKER_SIGN_STATUS } from '../src/domain/workers';
import type { ResourceDeclaration } from './types';

/** A contract's PDF (made on first request for the seeded ones) and the selected ones as a zip (server/contracts). */
export const CONTRACT_DOCUMENTS = { file: '/api/v1/contract/:id/file', zip: '/api/v1/contract/downloadzip' };
/** A gig worker's signed agreement and the selected ones as a zip (server/workers/workerAgreements.routes.ts). */
export const WORKER_AGREEMENT_DOCUMENTS = {
  file: '/api/v1/workers/agreements/:id/file',
  zip: '/api/v1/workers/agreements/downloadzip',
};

/**
 * Agreements between merchants and enterprises, one page per kind and edition: contracts with an
 * agreement kind (AGREEMENT_KIND). Merchants sign them on /contractManagement; these pages are the platform's view.
 */
function agreementList(
  name: string,
  label: string,
  kind: number,
  path: string,
  codes: readonly string[],
): ResourceDeclaration {
  return {
    name,
    label,
    recordTitle: 'nm',
    api: { list: `/api/v1/agreements/${path}/search`, one: `/api/v1/agreements/${path}/:id` },
    permissions: { list: codes },
    views: {},
    documents: CONTRACT_DOCUMENTS,
    defaultSort: { field: 'createTime', order: 'DESC' },
    fields: [
      { source: 'id', label: '合同ID', type: 'number', sortable: true },
      { source: 'contractNo', label: '合同编号', type: 'text' },
      {
        source: 'nm',
        label: `${AGREEMENT_KIND.find((choice) => choice.id === kind)?.name ?? '协议'}名称`,
        type: 'text',
      },
      { source: 'companyName', label: '企业名称', type: 'text' },
      { source: 'enterpriseName', label: '服务主体', type: 'text' },
      { source: 'contractStatus', label: '合同状态', type: 'enum', choices: CONTRACT_STATUS },
      { source: 'signStatus', label: '签署状态', type: 'enum', choices: SIGN_STATUS },
      { source: 'signMode', label: '签署方式', type: 'enum', choices: SIGN_MODE },
      { source: 'dataStatus', label: '数据状态', type: 'enum', choices: DATA_STATUS },
      { source: 'signNm', label: '签署人', type: 'text' },
      { source: 'startDate', label: '生效日期', type: 'date' },
      { source: 'endDate', label: '到期日期', type: 'date', sortable: true },
      { source: 'signTime', label: '签署时间', type: 'datetime', sortable: true },
      { source: 'fileSha256', label: '文件SHA-256', type: 'text', hidden: true },
      { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
    ],
    filters: [
      { key: 'nm', label: '协议名称', type: 'text', alwaysOn: true },
      { key: 'companyNm', label: '企业名称', type: 'text', alwaysOn: true },
      { key: 'signStatus', label: '签署状态', type: 'enum', choices: SIGN_STATUS, alwaysOn: true },
      { key: 'contractStatus', label: '合同状态', type: 'enum', choices: CONTRACT_STATUS },
      { key: 'enterpriseNm', label: '服务主体', type: 'text' },
      { key: 'stime', endKey: 'etime', label: '创建时间', type: 'dateRange' },
      // The spec's contract filters (§3) that apply to one kind's list.
      { key: 'csort', label: '合作类别', type: 'enum', choices: PARTNER_CATEGORY },
      { key: 'dataStatus', label: '数据状态', type: 'enum', choices: DATA_STATUS },
      { key: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
      { key: 'signNm', label: '签署人', type: 'text' },
      { key: 'industryId', label: '行业', type: 'reference', reference: 'industry' },
      { key: 'contractIds', label: '合同ID（多个用逗号分隔）', type: 'text' },
    ],
  };
}

export const serviceAgreements = agreementList('adServiceManagement', '服务协议', 1, 'service', [
  'UI_SERVICE_AGREEMENT_TEMPLATE',
]);
export const smallServiceAgreements = agreementList('adSmallServiceManagement', '服务协议', 1, 'xgm/service', [
  'UI_XGM_SERVICE_AGREEMENT_TEMPLATE',
]);
export const outsourcingAgreements = agreementList('adServiceOutsource', '服务外包协议', 2, 'outsource', [
  'UI_SERVICE_OUTSOURCING_AGREEMENT',
]);
export const smallOutsourcingAgreements = agreementList('adSmallServiceOutsource', '服务外包协议', 2, 'xgm/outsource', [
  'UI_XGM_SERVICE_OUTSOURCING_AGREEMENT',
]);
/**
 * /adLibertyAgreement 自由职业者协议管理: the freelance agreements gig workers sign with the platform's enterprises
 * (worker_agreements, the same rows as the merchant's 灵工合同管理), across the companies of the staff's scope.
 */
export const freelanceAgreements: ResourceDeclaration = {
  name: 'adLibertyAgreement',
  label: '自由职业者协议',
  recordTitle: 'agreementNo',
  api: { list: '/api/v1/agreements/freelance/search', one: '/api/v1/agreements/freelance/:id' },
  permissions: { list: ['ADM_FREE_CONTRACT_MGR'] },
  views: {},
  documents: WORKER_AGREEMENT_DOCUMENTS,
  defaultSort: { field: 'id', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    { source: 'agreementNo', label: '协议编号', type: 'text' },
    { source: 'workerName', label: '姓名', type: 'text' },
    { source: 'idMasked', label: '身份证号', type: 'text' },
    { source: 'companyName', label: '企业名称', type: 'text' },
    { source: 'enterpriseName', label: '服务主体', type: 'text' },
    { source: 'status', label: '签署状态', type: 'enum', choices: WORKER_SIGN_STATUS, sortable: true },
    { source: 'signTime', label: '签署时间', type: 'datetime', sortable: true },
    { source: 'sha256', label: '文件SHA-256', type: 'text', hidden: true },
    { source: 'rescindTime', label: '解约时间', type: 'datetime', hidden: true },
    { source: 'createTime', label: '发起时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'workerName', label: '姓名', type: 'text', alwaysOn: true },
    { key: 'companyNm', label: '企业名称', type: 'text', alwaysOn: true },
    { key: 'status', label: '签署状态', type: 'enum', choices: WORKER_SIGN_STATUS, alwaysOn: true },
    { key: 'agreementNo', label: '协议编号', type: 'text' },
  ],
};
export const accountOpeningContracts = agreementList('adAccountOpeningContract', '开户合同', 4, 'accountopening', [
  'UI_ACCOUNT_OPENING_CONTRACT',
]);

export const AGREEMENT_RESOURCES = [
  serviceAgreements,
  smallServiceAgreements,
  outsourcingAgreements,
  smallOutsourcingAgreements,
  freelanceAgreements,
  accountOpeningContracts,
];
