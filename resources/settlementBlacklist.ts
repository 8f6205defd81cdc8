import type { ResourceDeclaration } from './types';

const CODES = ['UI_SETTLEMENT_BLACK_LIST_MGR'] as const;

/**
 * The settlement blacklist: /adSettlementBlacklist (UI_SETTLEMENT_BLACK_LIST_MGR). A payee whose national id is
 * listed here is refused in every batch payout file (/remit) with 该收款人在结算黑名单中，不能打款.
 * The server checks name 2-20, the id's check character and reason 2-128, and one entry per id.
 */
export const settlementBlacklist: ResourceDeclaration = {
  name: 'adSettlementBlacklist',
  label: '黑名单',
  recordTitle: 'name',
  api: {
    list: '/api/v1/settlementblacklist/search',
    one: '/api/v1/settlementblacklist/:id',
    create: '/api/v1/settlementblacklist',
    delete: '/api/v1/settlementblacklist/:id',
  },
  permissions: { list: CODES, create: CODES, delete: CODES },
  views: { create: true },
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    { source: 'name', label: '姓名', type: 'text', sortable: true, form: true, required: true },
    { source: 'idCard', label: '身份证号', type: 'text', form: true, required: true, validate: 'nationalId' },
    { source: 'reason', label: '原因', type: 'longtext', form: true, required: true },
    { source: 'operatorName', label: '操作人', type: 'text' },
    { source: 'createTime', label: '加入时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'name', label: '姓名', type: 'text', alwaysOn: true },
    { key: 'idCard', label: '身份证号', type: 'text', alwaysOn: true },
    { key: 'stime', endKey: 'etime', label: '加入时间', type: 'dateRange' },
  ],
  actions: [
    {
      name: 'remove',
      label: '移除',
      method: 'DELETE',
      path: '/api/v1/settlementblacklist/:id',
      confirm: '移出黑名单后，此人可以再次收到打款，确定移除吗？',
      permissions: CODES,
    },
  ],
};
