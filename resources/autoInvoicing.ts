import { AUTO_INVOICE_ENABLED, AUTO_INVOICE_MODE } from '../src/domain/autoInvoicing';
import type { ResourceDeclaration } from './types';

const CODES = ['UI_XGM_AUTOMATIC_INVOICING_SET'];

/**
 * /adSmallAutomaticInvoicingSetting 小规模自动开票设置: every small-scale company with its automatic invoicing
 * (whether, when: after each completed batch or monthly on a day, and the default category). The row's 设置
 * opens the editor (PUT /api/v1/autoinvoicing/:id); the row expands into the job's runs for the company.
 */
export const adSmallAutomaticInvoicingSetting: ResourceDeclaration = {
  name: 'adSmallAutomaticInvoicingSetting',
  label: '自动开票设置',
  recordTitle: 'name',
  api: { list: '/api/v1/autoinvoicing/search', one: '/api/v1/autoinvoicing/:id' },
  permissions: { list: CODES, edit: CODES },
  views: {},
  defaultSort: { field: 'id', order: 'ASC' },
  fields: [
    { source: 'id', label: '企业编号', type: 'number', sortable: true },
    { source: 'name', label: '企业名称', type: 'text', sortable: true },
    { source: 'enabled', label: '自动开票', type: 'enum', choices: AUTO_INVOICE_ENABLED },
    { source: 'mode', label: '开票时机', type: 'enum', choices: AUTO_INVOICE_MODE },
    { source: 'monthDay', label: '每月日期', type: 'number' },
    { source: 'categoryId', label: '默认类目编号', type: 'number', list: false },
    { source: 'categoryName', label: '默认开票类目', type: 'text' },
    { source: 'operator', label: '设置人', type: 'text' },
    { source: 'updateTime', label: '设置时间', type: 'datetime' },
  ],
  filters: [{ key: 'coname', label: '企业名称', type: 'text', alwaysOn: true }],
  customList: 'AutoInvoicingList',
};
