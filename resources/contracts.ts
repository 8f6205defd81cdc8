import { AGREEMENT_KIND, SIGN_MODE } from '../src/domain/enterprises';
import {
  CONTRACT_STATUS,
  DATA_STATUS,
  PARTNER_CATEGORY,
  PLATFORM_MARK_CHOICES,
  SIGN_STATUS,
} from '../src/domain/enums';
import { CONTRACT_DOCUMENTS } from './agreements';
import { AGREEMENT_TYPE_CHOICES } from './agreementTypes';
import type { FieldDeclaration, FilterDeclaration, ResourceDeclaration } from './types';

const AGREEMENT_KIND_WITH_OTHER = [...AGREEMENT_KIND, { id: 0, name: '其他合同' }];

/**
 * Contracts, two views of one table behind one API (GET /api/v1/contract): the merchant's own contracts
 * (/contractManagement) and the platform's view of every merchant's contracts (/adPlatformCooperation).
 * The server answers both with the same record (the admin fields below) and confines a merchant to its own
 * company whatever q= says.
 *
 * The spec's contract filters also list a q key `sort`: the partner category is `csort`, so `sort` is read as the
 * contract's sort of agreement, its 协议类型 (agreement_types). `sort=` as a URL parameter stays the column sort.
 */
const API = { list: '/api/v1/contract', one: '/api/v1/contract/:id' };

const FIELDS = {
  id: { source: 'id', label: '合同ID', type: 'number', sortable: true },
  contractNo: { source: 'contractNo', label: '合同编号', type: 'text' },
  nm: { source: 'nm', label: '合同名称', type: 'text' },
  companyId: { source: 'companyId', label: '企业编号', type: 'number', list: false },
  companyName: { source: 'companyName', label: '企业名称', type: 'text' },
  csort: { source: 'csort', label: '合作类别', type: 'enum', choices: PARTNER_CATEGORY },
  contractStatus: { source: 'contractStatus', label: '合同状态', type: 'enum', choices: CONTRACT_STATUS },
  signStatus: { source: 'signStatus', label: '签署状态', type: 'enum', choices: SIGN_STATUS },
  dataStatus: { source: 'dataStatus', label: '数据状态', type: 'enum', choices: DATA_STATUS },
  signNm: { source: 'signNm', label: '签署人', type: 'text' },
  startDate: { source: 'startDate', label: '生效日期', type: 'date' },
  endDate: { source: 'endDate', label: '到期日期', type: 'date', sortable: true },
  signTime: { source: 'signTime', label: '签署时间', type: 'datetime' },
  platformMark: { source: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
  enterpriseId: { source: 'enterpriseId', label: '服务主体编号', type: 'number', list: false },
  enterpriseName: { source: 'enterpriseName', label: '服务主体', type: 'text' },
  agreementType: { source: 'agreementType', label: '协议类型', type: 'enum', choices: AGREEMENT_KIND_WITH_OTHER },
  signMode: { source: 'signMode', label: '签署方式', type: 'enum', choices: SIGN_MODE, hidden: true },
  fileId: { source: 'fileId', label: '合同文件编号', type: 'number', list: false },
  industryId: { source: 'industryId', label: '行业编号', type: 'number', list: false },
  createTime: { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
  updateTime: { source: 'updateTime', label: '更新时间', type: 'datetime', list: false },
} as const satisfies Record<string, FieldDeclaration>;

const FILTERS = {
  nm: { key: 'nm', label: '合同名称', type: 'text', alwaysOn: true },
  companyNm: { key: 'companyNm', label: '企业名称', type: 'text', alwaysOn: true },
  contractStatus: { key: 'contractStatus', label: '合同状态', type: 'enum', choices: CONTRACT_STATUS, alwaysOn: true },
  signStatus: { key: 'signStatus', label: '签署状态', type: 'enum', choices: SIGN_STATUS },
  createTime: { key: 'stime', endKey: 'etime', label: '创建时间', type: 'dateRange' },
  csort: { key: 'csort', label: '合作类别', type: 'enum', choices: PARTNER_CATEGORY },
  dataStatus: { key: 'dataStatus', label: '数据状态', type: 'enum', choices: DATA_STATUS },
  platformmark: { key: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
  signNm: { key: 'signNm', label: '签署人', type: 'text' },
  contractIds: { key: 'contractIds', label: '合同ID（多个用逗号分隔）', type: 'text' },
  enterpriseId: { key: 'enterpriseId', label: '服务主体', type: 'reference', reference: 'enterprise' },
  industryId: { key: 'industryId', label: '行业', type: 'reference', reference: 'industry' },
  // The home page's 即将到期 warning links here: signed, valid contracts ending within 30 days.
  expiring: { key: 'expiring', label: '到期', type: 'enum', choices: [{ id: 30, name: '30天内到期' }] },
  // The spec's q key `sort` (§3): the contract's sort of agreement, its 协议类型 (data: agreement_types).
  sort: { key: 'sort', label: '协议类型', type: 'number', choicesFrom: AGREEMENT_TYPE_CHOICES },
} as const satisfies Record<string, FilterDeclaration>;

/** Merchant contract management: /contractManagement (MER_BANKACCOUNT_RECHARGE), own company only. */
export const merchantContracts: ResourceDeclaration = {
  name: 'contractManagement',
  label: '合同',
  recordTitle: 'nm',
  api: API,
  permissions: { list: ['MER_BANKACCOUNT_RECHARGE'] },
  views: {},
  // 查看 / 签署 / 下载 on each row and the banner guiding the merchant to sign (src/pages/contracts).
  customList: 'MerchantContractList',
  customListFirstPaint: true,
  customRowActions: true,
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    FIELDS.contractNo,
    FIELDS.companyName,
    FIELDS.nm,
    FIELDS.agreementType,
    FIELDS.enterpriseName,
    FIELDS.contractStatus,
    FIELDS.signStatus,
    FIELDS.signNm,
    FIELDS.startDate,
    FIELDS.endDate,
    FIELDS.signTime,
    FIELDS.createTime,
    { ...FIELDS.dataStatus, hidden: true },
    { ...FIELDS.signMode, hidden: true },
    FIELDS.fileId,
  ],
  filters: [
    FILTERS.nm,
    FILTERS.contractStatus,
    { ...FILTERS.signStatus, alwaysOn: true },
    FILTERS.createTime,
    FILTERS.expiring,
  ],
  actions: [
    {
      // The e-sign provider's address where this service agreement is signed, to copy and send to the signer.
      name: 'signUrl',
      label: '签署地址',
      method: 'GET',
      path: '/api/v1/companies/service_signurl/:companyId?id=:id',
      permissions: ['MER_BANKACCOUNT_RECHARGE'],
      visibleWhen: { field: 'signStatus', in: [0] },
      result: { kind: 'link', field: 'url', title: '签署地址' },
    },
  ],
};

/** Platform contract management: /adPlatformCooperation (ADM_PLAT_CONTRACT_MGR), within the caller's scope. */
export const adminContracts: ResourceDeclaration = {
  name: 'adPlatformCooperation',
  label: '合同',
  recordTitle: 'nm',
  api: API,
  permissions: { list: ['ADM_PLAT_CONTRACT_MGR'] },
  views: {},
  documents: CONTRACT_DOCUMENTS,
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: Object.values(FIELDS),
  filters: Object.values(FILTERS),
  actions: [
    {
      name: 'cancelContract',
      label: '作废',
      method: 'POST',
      // The spec's body is { id }; an action's body is fixed data, so the id rides in the query (the server
      // takes either).
      path: '/api/v1/contract/cancelcontract?id=:id',
      confirm: '作废后该合同不再有效，且不能恢复。确定作废吗？',
      permissions: ['ADM_PLAT_CONTRACT_MGR'],
      visibleWhen: { field: 'dataStatus', in: [1] },
    },
  ],
};
