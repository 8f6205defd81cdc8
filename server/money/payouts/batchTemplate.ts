import { BATCH_COLUMNS } from '../../../src/domain/payoutBatch';
import { TEMPLATE_EXAMPLE_PERSON } from '../../../src/domain/templateExample';
import { importTemplateCsv, importTemplateXlsx, type TemplateColumn } from '../../files/importTemplate';

/**
 * The batch payout template (GET /api/v1/remittances/template): the sheet 收款人 with the header row, empty or
 * filled with a roster's payees (amount left for the merchant), and the example payee on its own sheet.
 */
export const TEMPLATE_EXAMPLE: Readonly<Record<string, string>> = {
  ...TEMPLATE_EXAMPLE_PERSON,
  amount: '1000.00',
  remark: '6月劳务报酬',
  method: '银行卡',
};

export const TEMPLATE_NAME = '批量打款模板';
export const TEMPLATE_DATA_SHEET = '收款人';

const WIDTHS: Readonly<Record<string, number>> = {
  name: 12,
  idCard: 22,
  bankCard: 24,
  mobile: 15,
  amount: 14,
  remark: 24,
  method: 12,
  alipayAccount: 24,
};

const COLUMNS: readonly TemplateColumn[] = BATCH_COLUMNS.map((column) => ({
  key: column.field,
  header: column.header,
  width: WIDTHS[column.field],
  text: column.field !== 'amount',
}));

/** One payee the template is filled with; amount and remark stay empty. */
export interface TemplatePayee {
  name: string;
  idCard: string;
  bankCard: string;
  mobile: string;
  /** 收款方式 as the file says it: '银行卡' or '支付宝'. */
  method?: string;
  alipayAccount?: string;
}

export function templateXlsx(payees: readonly TemplatePayee[] = []): Promise<Buffer> {
  return importTemplateXlsx({
    dataSheet: TEMPLATE_DATA_SHEET,
    columns: COLUMNS,
    example: TEMPLATE_EXAMPLE,
    rows: payees.map((p) => ({ ...p })),
  });
}

export function templateCsv(payees: readonly TemplatePayee[] = []): Buffer {
  return importTemplateCsv(
    COLUMNS,
    payees.map((p) => ({ ...p })),
  );
}
