import { bodyFields, fieldText } from '../../http/bodyFields';
import { fail } from '../../http/errors';

/** The bodies of finance's steps on an application (invoiceTransitions.ts), checked field by field. */
export const STEP_MSG = {
  nothingIssued: '请填写发票号码或上传发票文件',
  invoiceNumber: '请输入正确的发票号码（1-32位字母、数字或短横线）',
  trackingRequired: '请输入快递单号',
  trackingNo: '请输入正确的快递单号（6-32位字母、数字或短横线）',
  reasonRequired: '请输入驳回原因',
  reasonLength: '驳回原因不能超过128个字符',
} as const;

const INVOICE_NUMBER = /^[A-Za-z0-9-]{1,32}$/;
const TRACKING_NO = /^[A-Za-z0-9-]{6,32}$/;

/** 开票: the invoice number, the uploaded file's URL, or both. */
export function issueOf(body: unknown): { invoiceNumber: string | null; fileUrl: string | null } {
  const values = bodyFields(body);
  const invoiceNumber = fieldText(values.invoiceNumber);
  const fileUrl = fieldText(values.fileUrl);
  if (!invoiceNumber && !fileUrl) fail(STEP_MSG.nothingIssued);
  if (invoiceNumber && !INVOICE_NUMBER.test(invoiceNumber)) fail(STEP_MSG.invoiceNumber);
  return { invoiceNumber: invoiceNumber || null, fileUrl: fileUrl || null };
}

export function trackingNoOf(body: unknown): string {
  const trackingNo = fieldText(bodyFields(body).trackingNo);
  if (!trackingNo) fail(STEP_MSG.trackingRequired);
  if (!TRACKING_NO.test(trackingNo)) fail(STEP_MSG.trackingNo);
  return trackingNo;
}

export function rejectReasonOf(body: unknown): string {
  const reason = fieldText(bodyFields(body).reason);
  if (!reason) fail(STEP_MSG.reasonRequired);
  if ([...reason].length > 128) fail(STEP_MSG.reasonLength);
  return reason;
}
