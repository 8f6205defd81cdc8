import { formatMoney } from './money';
import { MSG, type Validator } from './validation';

/**
 * The top-up notice's rules, shared by /recharge and POST /api/v1/recharges. Amounts are integer
 * units of 1/10000 yuan; a bank transfer moves whole fen, so an amount must be a multiple of 100 units.
 */
export const RECHARGE_MAX_UNITS = 1_000_000_000_000;
const UNITS_PER_FEN = 100;

export const RECHARGE_MSG = {
  amount: '请输入正确的充值金额',
  amountPositive: '充值金额必须大于0',
  amountMax: `单笔充值金额不能超过${formatMoney(RECHARGE_MAX_UNITS)}元`,
  amountFen: '充值金额最多保留两位小数',
  payerName: '请输入2-64位付款户名',
  payerAccount: MSG.bankAccount,
  bankSerial: '请输入6-64位字母或数字的银行流水号',
  bankSerialTaken: '该银行流水号已提交过',
  voucher: '请上传转账凭证',
  voucherInvalid: '转账凭证无效，请重新上传',
  remark: '备注不能超过128个字符',
  rejectReason: '请输入驳回原因',
  rejectReasonMax: '驳回原因不能超过128个字符',
  handled: '该充值已处理',
  notFound: '充值记录不存在',
} as const;

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());
const length = (value: unknown): number => [...text(value)].length;

/** The message for an amount in units (null: not a plain amount), or undefined when it may be topped up. */
export function rechargeAmountMessage(units: number | null): string | undefined {
  if (units === null || !Number.isSafeInteger(units)) return RECHARGE_MSG.amount;
  if (units <= 0) return RECHARGE_MSG.amountPositive;
  if (units > RECHARGE_MAX_UNITS) return RECHARGE_MSG.amountMax;
  if (units % UNITS_PER_FEN !== 0) return RECHARGE_MSG.amountFen;
  return undefined;
}

export const validatePayerName: Validator = (value) =>
  length(value) < 2 || length(value) > 64 ? RECHARGE_MSG.payerName : undefined;
export const validatePayerAccount: Validator = (value) =>
  /^\d{9,32}$/.test(text(value)) ? undefined : RECHARGE_MSG.payerAccount;
export const validateBankSerial: Validator = (value) =>
  /^[A-Za-z0-9]{6,64}$/.test(text(value)) ? undefined : RECHARGE_MSG.bankSerial;
export const validateVoucher: Validator = (value) => (text(value) ? undefined : RECHARGE_MSG.voucher);
export const validateRechargeRemark: Validator = (value) => (length(value) > 128 ? RECHARGE_MSG.remark : undefined);
export const validateRejectReason: Validator = (value) => {
  if (!text(value)) return RECHARGE_MSG.rejectReason;
  return length(value) > 128 ? RECHARGE_MSG.rejectReasonMax : undefined;
};
