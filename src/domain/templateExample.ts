/**
 * The example person every import template (批量打款模板, 人员导入模板) shows on its own sheet 「填写示例」.
 * The example passes every form rule on purpose (a published national id, a Luhn-valid card), so the parsers
 * skip that sheet and every upload refuses a row that is this person: a template downloaded before the example
 * moved to its own sheet cannot pay or import 张三 either.
 */
export const TEMPLATE_EXAMPLE_SHEET = '填写示例';

export const TEMPLATE_EXAMPLE_PERSON = {
  name: '张三',
  idCard: '11010519491231002X',
  bankCard: '6222020200112233446',
  mobile: '13800138000',
} as const;

export const TEMPLATE_EXAMPLE_MSG = '此行是模板中的填写示例（张三），不会被导入或打款，请删除此行后填写真实信息';

/** The note under the example: which sheet is read. */
export const templateExampleNote = (dataSheet: string) =>
  `本页仅为填写示例，上传时不会读取；请在「${dataSheet}」页表头下方逐行填写，身份证号、银行卡号、手机号请保持文本格式。`;

/** A row that is the published example: its name, ID number and bank card (other columns may have been edited). */
export function isTemplateExample(values: { name: string; idCard: string; bankCard: string }): boolean {
  return (
    values.name.trim() === TEMPLATE_EXAMPLE_PERSON.name &&
    values.idCard.trim().toUpperCase() === TEMPLATE_EXAMPLE_PERSON.idCard &&
    values.bankCard.replace(/\s+/g, '') === TEMPLATE_EXAMPLE_PERSON.bankCard
  );
}
