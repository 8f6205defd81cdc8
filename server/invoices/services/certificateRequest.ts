import { CODE_BUSINESS_ERROR } from '../../../src/domain/codes';
import { bodyFields, fieldText } from '../../http/bodyFields';
import { BusinessError } from '../../http/errors';

/** The body of a new tax payment certificate (POST /api/v1/taxcertificates), checked field by field. */
export const CERTIFICATE_MSG = {
  company: '请填写企业编号或企业名称',
  companyId: '企业编号格式不正确',
  period: '请输入正确的所属期，格式为 YYYY-MM',
  file: '请上传完税证明文件',
  remark: '备注不能超过128个字符',
} as const;

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface CertificateRequest {
  companyId: number | null;
  companyName: string | null;
  period: string;
  fileUrl: string;
  fileName: string | null;
  remark: string | null;
}

export function isPeriod(value: string): boolean {
  const match = PERIOD.exec(value);
  return !!match && Number(match[1]) >= 2000 && Number(match[1]) <= 2100;
}

export function certificateOf(body: unknown): CertificateRequest {
  const values = bodyFields(body);
  const errors: Record<string, string> = {};
  const rawId = fieldText(values.coid);
  const companyName = fieldText(values.coname);
  const companyId = rawId === '' ? null : Number(rawId);
  if (companyId !== null && !(Number.isSafeInteger(companyId) && companyId > 0))
    errors.coid = CERTIFICATE_MSG.companyId;
  if (companyId === null && !companyName) errors.coid = CERTIFICATE_MSG.company;
  const period = fieldText(values.period);
  if (!isPeriod(period)) errors.period = CERTIFICATE_MSG.period;
  const fileUrl = fieldText(values.fileUrl);
  if (!fileUrl) errors.fileUrl = CERTIFICATE_MSG.file;
  const remark = fieldText(values.remark);
  if ([...remark].length > 128) errors.remark = CERTIFICATE_MSG.remark;
  const messages = Object.values(errors);
  if (messages.length > 0) throw new BusinessError(messages[0], CODE_BUSINESS_ERROR, { errors });
  return {
    companyId,
    companyName: companyName || null,
    period,
    fileUrl,
    fileName: fieldText(values.fileName) || null,
    remark: remark || null,
  };
}
