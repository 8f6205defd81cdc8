import { adSmallAutomaticInvoicingSetting } from '../../resources/autoInvoicing';
import type { ResourceBinding } from '../engine/binding';

/**
 * The list of /adSmallAutomaticInvoicingSetting on the engine: small-scale companies (a view of `companies`
 * fixed to edition 3) with their setting and default category as read-only joined columns. Saving a setting
 * and the runs are autoInvoicing.routes.ts.
 */
export const autoInvoicingBinding: ResourceBinding = {
  declaration: adSmallAutomaticInvoicingSetting,
  table: 'companies',
  fixed: { platform_mark: 3 },
  scope: { kind: 'company', column: 'companies.id' },
  columns: {
    enabled: 'auto_invoice_settings.enabled',
    mode: 'auto_invoice_settings.mode',
    monthDay: 'auto_invoice_settings.month_day',
    categoryId: 'auto_invoice_settings.category_id',
    categoryName: 'invoice_categories.name',
    operator: 'auto_invoice_settings.operator',
    updateTime: 'auto_invoice_settings.update_time',
  },
  joins: [
    { table: 'auto_invoice_settings', on: ['auto_invoice_settings.company_id', 'companies.id'] },
    { table: 'invoice_categories', on: ['invoice_categories.id', 'auto_invoice_settings.category_id'] },
  ],
  filters: { coname: { column: 'companies.name' } },
  messages: { notFound: '企业不存在', idLabel: '企业编号' },
};
