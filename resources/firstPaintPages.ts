import type { ResourceDeclaration } from './types';

/**
 * The first list of the built pages /applyInvoice and /smallApplyInvoice: the batches the company may invoice
 * (GET /api/v1/invoices/batches?page=0&size=200, what ApplyInvoicePage asks for first). Not a react-admin
 * resource (the page is built by hand); declared so the boot script's first paint (src/boot) can draw these
 * rows before the app has loaded, as it does for lists. Amounts are units of 1/10000 yuan.
 */
function applyInvoiceBatches(name: string): ResourceDeclaration {
  return {
    name,
    label: '可开票批次',
    recordTitle: 'batchNo',
    api: { list: '/api/v1/invoices/batches' },
    permissions: { list: ['MER_BANKACCOUNT_RECHARGE'] },
    views: {},
    // The page asks without a sort (the server's order) and 200 to a page (invoiceApi BATCH_PAGE_SIZE).
    defaultSort: { field: '', order: 'ASC' },
    pageSizes: [200],
    fields: [
      { source: 'batchNo', label: '批次号', type: 'text' },
      { source: 'createTime', label: '打款时间', type: 'datetime' },
      { source: 'successCount', label: '成功笔数', type: 'number' },
      { source: 'successAmount', label: '成功打款金额（元）', type: 'money' },
      { source: 'successCharge', label: '服务费（元）', type: 'money' },
      { source: 'invoiceable', label: '可开票金额（元）', type: 'money' },
    ],
    filters: [],
  };
}

/** Built pages whose first screen is one list: the first paint draws it like a declared list's. */
export const FIRST_PAINT_PAGES: readonly ResourceDeclaration[] = [
  applyInvoiceBatches('applyInvoice'),
  applyInvoiceBatches('smallApplyInvoice'),
];
