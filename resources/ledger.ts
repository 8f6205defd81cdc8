import { LEDGER_KIND } from '../src/domain/moneyEnums';
import type { FieldDeclaration, FilterDeclaration, ResourceDeclaration } from './types';

/**
 * The transaction flow: ledger entries of one edition, read-only (GET /api/v1/ledger/search?platformmark=).
 * amount is signed (credits positive); both amounts are units of 1/10000 yuan.
 */
const FIELDS: readonly FieldDeclaration[] = [
  { source: 'id', label: '流水号', type: 'number', sortable: true },
  { source: 'createTime', label: '记账时间', type: 'datetime', sortable: true },
  { source: 'companyId', label: '企业编号', type: 'number', list: false },
  { source: 'companyName', label: '企业名称', type: 'text' },
  { source: 'kind', label: '类型', type: 'enum', choices: LEDGER_KIND },
  { source: 'amount', label: '金额（元）', type: 'money' },
  { source: 'balanceAfter', label: '余额（元）', type: 'money' },
  { source: 'reference', label: '业务单据', type: 'text' },
  { source: 'operatorName', label: '操作人', type: 'text' },
  { source: 'remark', label: '备注', type: 'text' },
];

const FILTERS: readonly FilterDeclaration[] = [
  { key: 'coname', label: '企业名称', type: 'text', alwaysOn: true },
  { key: 'kind', label: '类型', type: 'enum', choices: LEDGER_KIND, alwaysOn: true },
  { key: 'stime', endKey: 'etime', label: '记账时间', type: 'dateRange', alwaysOn: true },
  { key: 'companyId', label: '企业', type: 'reference', reference: 'company' },
];

function tradingFlow(name: string, code: string, platformMark: 1 | 3): ResourceDeclaration {
  return {
    name,
    label: '交易流水',
    recordTitle: 'id',
    api: { list: '/api/v1/ledger/search', listQuery: { platformmark: platformMark } },
    permissions: { list: [code] },
    views: {},
    defaultSort: { field: 'createTime', order: 'DESC' },
    fields: FIELDS,
    filters: FILTERS,
  };
}

/** /adTradingFlow (UI_TRANSACTION_FLOW): standard-edition entries. */
export const adTradingFlow = tradingFlow('adTradingFlow', 'UI_TRANSACTION_FLOW', 1);
/** /adSmallTradingFlow (UI_XGM_TRANSACTION_FLOW): small-scale entries. */
export const adSmallTradingFlow = tradingFlow('adSmallTradingFlow', 'UI_XGM_TRANSACTION_FLOW', 3);
