import { PLATFORM_MARK_CHOICES } from '../src/domain/enums';
import { SETTLEMENT_SHEET_STATUS } from '../src/domain/finance';
import type { ResourceDeclaration } from './types';

export const SETTLEMENT_SHEET_CODES = ['UI_SETTLEMENT_SHEET'] as const;

/**
 * 结算单管理 /adStatementManagement (UI_SETTLEMENT_SHEET): each company's month of one edition from the ledger
 * (opening balance, top-ups, payouts, service charges, refunds, closing balance). The list and one sheet are
 * the engine's; generating, confirming, correcting and the PDF / xlsx downloads are hand-written
 * (server/finance/settlementSheets.routes.ts). A confirmed sheet never changes; a correction is a new sheet
 * that names the one it corrects.
 */
export const settlementSheets: ResourceDeclaration = {
  name: 'adStatementManagement',
  label: '结算单',
  recordTitle: 'sheetNo',
  api: { list: '/api/v1/settlementsheets/search', one: '/api/v1/settlementsheets/:id' },
  permissions: { list: SETTLEMENT_SHEET_CODES, edit: SETTLEMENT_SHEET_CODES },
  views: { show: true },
  defaultSort: { field: 'id', order: 'DESC' },
  customList: 'SettlementSheetList',
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true, list: false },
    { source: 'sheetNo', label: '结算单号', type: 'text', sortable: true },
    { source: 'companyName', label: '企业名称', type: 'text' },
    { source: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
    { source: 'periodMonth', label: '结算月份', type: 'text', sortable: true },
    { source: 'openingBalance', label: '期初余额（元）', type: 'money', sortable: true },
    { source: 'topupAmount', label: '充值（元）', type: 'money', sortable: true },
    { source: 'topupCount', label: '充值笔数', type: 'number', hidden: true },
    { source: 'payoutAmount', label: '打款（元）', type: 'money', sortable: true },
    { source: 'payoutCount', label: '打款笔数', type: 'number', hidden: true },
    { source: 'chargeAmount', label: '服务费（元）', type: 'money', sortable: true },
    { source: 'chargeCount', label: '服务费笔数', type: 'number', hidden: true },
    { source: 'refundAmount', label: '失败退回（元）', type: 'money', sortable: true },
    { source: 'refundCount', label: '退回笔数', type: 'number', hidden: true },
    { source: 'closingBalance', label: '期末余额（元）', type: 'money', sortable: true },
    { source: 'entryCount', label: '流水笔数', type: 'number', hidden: true },
    { source: 'status', label: '状态', type: 'enum', choices: SETTLEMENT_SHEET_STATUS },
    { source: 'correctsNo', label: '更正的结算单', type: 'text', hidden: true },
    { source: 'correctedByNo', label: '已被更正为', type: 'text' },
    { source: 'reason', label: '更正原因', type: 'text', hidden: true },
    { source: 'generateTime', label: '生成时间', type: 'datetime', sortable: true },
    { source: 'confirmTime', label: '确认时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'periodMonth', label: '结算月份（如 2025-03）', type: 'text', alwaysOn: true },
    { key: 'coname', label: '企业名称', type: 'text', alwaysOn: true },
    { key: 'status', label: '状态', type: 'enum', choices: SETTLEMENT_SHEET_STATUS, alwaysOn: true },
    { key: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
    { key: 'sheetNo', label: '结算单号', type: 'text' },
  ],
  actions: [
    {
      name: 'confirm',
      label: '确认',
      method: 'PATCH',
      path: '/api/v1/settlementsheets/:id/confirm',
      confirm: '确认后结算单不可再修改，如有差错只能另开更正单。确定确认？',
      permissions: SETTLEMENT_SHEET_CODES,
      visibleWhen: { field: 'status', in: [0] },
    },
    {
      name: 'correct',
      label: '更正',
      method: 'POST',
      path: '/api/v1/settlementsheets/:id/correct',
      confirm: '将按账本重新计算并生成一张更正单（原结算单保持不变）。',
      permissions: SETTLEMENT_SHEET_CODES,
      visibleWhen: { field: 'status', in: [1] },
      prompt: [{ source: 'reason', label: '更正原因', type: 'text', required: true }],
    },
  ],
};
