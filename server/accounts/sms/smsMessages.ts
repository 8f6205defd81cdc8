import { SIGN_WILLINGNESS_SMS_TYPE, SMS_TYPE } from '../../../src/domain/session';
import { SIGN_INVITE_SMS_LOG_TYPE } from '../../../src/domain/smsLog';

/**
 * Every text message the platform sends is one of these kinds with named template variables, never free text:
 * a real provider sends only the kind's approved template code and the variables (the wording lives in the
 * provider's template), the development sender renders the wording below. The setting of a kind's template is
 * `<PROVIDER>_SMS_TEMPLATE_<KIND>` (ALIYUN_SMS_TEMPLATE_LOGIN, TENCENT_SMS_TEMPLATE_NEW_PASSWORD, ...).
 */
export const SMS_KINDS = {
  LOGIN: { logType: SMS_TYPE.login, variables: ['code'], secrets: [] },
  RESET: { logType: SMS_TYPE.resetPassword, variables: ['code'], secrets: [] },
  PAY_PASSWORD: { logType: SMS_TYPE.paymentPassword, variables: ['code'], secrets: [] },
  REGISTER: { logType: SMS_TYPE.register, variables: ['code'], secrets: [] },
  SIGN: { logType: SIGN_WILLINGNESS_SMS_TYPE, variables: ['code'], secrets: [] },
  /** 签署邀请: the company's invitation with the signing link, a secret (it opens the agreement with the worker's details). */
  SIGN_INVITE: { logType: SIGN_INVITE_SMS_LOG_TYPE, variables: ['company', 'link'], secrets: ['link'] },
  /** A code of a kind not listed above (身份验证). */
  VERIFY: { logType: 0, variables: ['code'], secrets: [] },
  /** 账号密码已重置: the new password is a secret, never logged. */
  NEW_PASSWORD: { logType: 10, variables: ['account', 'password'], secrets: ['password'] },
  /** 账号已开通 with its initial password. */
  ACCOUNT_OPENED: { logType: 10, variables: ['noun', 'account', 'password'], secrets: ['password'] },
} as const satisfies Record<string, { logType: number; variables: readonly string[]; secrets: readonly string[] }>;

export type SmsKind = keyof typeof SMS_KINDS;
export const SMS_KIND_NAMES = Object.keys(SMS_KINDS) as SmsKind[];

type VariablesOf<K extends SmsKind> = Record<(typeof SMS_KINDS)[K]['variables'][number], string>;

/** One message: its kind and the values of that kind's template variables. */
export type SmsMessage = { [K in SmsKind]: { kind: K; variables: VariablesOf<K> } }[SmsKind];

const SIGN = '【灵工结算平台】';
const CODE_PURPOSE: Record<string, string> = {
  LOGIN: '登录',
  RESET: '重置密码',
  PAY_PASSWORD: '设置支付密码',
  REGISTER: '注册',
  SIGN: '签署协议',
  VERIFY: '身份验证',
};

/** The wording as the development sender writes it (a real provider's template says the same). */
export function renderSms(message: SmsMessage): string {
  switch (message.kind) {
    case 'NEW_PASSWORD':
      return `${SIGN}您的账号${message.variables.account}密码已重置，新密码为${message.variables.password}，请登录后尽快修改。`;
    case 'ACCOUNT_OPENED': {
      const { noun, account, password } = message.variables;
      return `${SIGN}您的${noun}账号${account}已开通，初始密码为${password}，请登录后尽快修改。`;
    }
    case 'SIGN_INVITE': {
      const { company, link } = message.variables;
      return `${SIGN}${company}邀请您签署自由职业者协议，请在7天内打开 ${link} 阅读并签署。`;
    }
    default:
      return `${SIGN}您的${CODE_PURPOSE[message.kind]}验证码为${message.variables.code}，5分钟内有效，请勿泄露给他人。`;
  }
}

/** The kind of a verification code of SMS type `type` (sms_codes.type). */
export function codeMessage(type: number, code: string): SmsMessage {
  const kind = (SMS_KIND_NAMES.find(
    (name) => SMS_KINDS[name].variables.length === 1 && SMS_KINDS[name].logType === type,
  ) ?? 'VERIFY') as 'VERIFY';
  return { kind, variables: { code } };
}

/** Values never written anywhere but the message itself: the kind's secrets, and a code (it is a secret in the log). */
export function secretsOf(message: SmsMessage, withCode: boolean): string[] {
  const variables = message.variables as Record<string, string>;
  const names: readonly string[] = SMS_KINDS[message.kind].secrets;
  return Object.keys(variables)
    .filter((name) => names.includes(name) || (withCode && name === 'code'))
    .map((name) => variables[name])
    .filter((value) => value !== '');
}

/** The wording with every secret (and, for the SMS log, the code) replaced by ******. */
export function maskedSms(message: SmsMessage, options: { maskCode: boolean }): string {
  let text = renderSms(message);
  for (const secret of secretsOf(message, options.maskCode)) text = text.split(secret).join('******');
  return text;
}
