import type { Choice } from './enums';

/** The SMS log (短信发送状态): kinds of message and delivery states. */
export const SMS_LOG_TYPE: readonly Choice[] = [
  { id: 1, name: '登录验证码' },
  { id: 2, name: '重置密码验证码' },
  { id: 4, name: '支付密码验证码' },
  { id: 6, name: '注册验证码' },
  { id: 7, name: '签署协议验证码' },
  { id: 8, name: '签署邀请' },
  { id: 10, name: '新密码通知' },
  { id: 0, name: '其他通知' },
];

/** 签署邀请 (the signing link a company sends its workers): a notice, never a code. */
export const SIGN_INVITE_SMS_LOG_TYPE = 8;

export const SMS_STATUS = { sending: 0, delivered: 1, failed: 2 } as const;

export const SMS_LOG_STATUS: readonly Choice[] = [
  { id: SMS_STATUS.sending, name: '发送中' },
  { id: SMS_STATUS.delivered, name: '成功' },
  { id: SMS_STATUS.failed, name: '失败' },
];

/** '13900000002' → '139****0002'. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 7) return `${mobile.slice(0, 1)}${'*'.repeat(Math.max(mobile.length - 1, 0))}`;
  return `${mobile.slice(0, 3)}${'*'.repeat(mobile.length - 7)}${mobile.slice(-4)}`;
}
