import type { Choice } from './enums';
import { MAX_RATE_UNITS } from './rates';

/** Enterprises (代征主体 / 服务主体): statuses, VIP levels, callback channels, agreement kinds. */

export const ENTERPRISE_STATUS_CODE = { normal: 1, locked: 2, risky: 3 } as const;

export const ENTERPRISE_STATUS: readonly Choice[] = [
  { id: 1, name: '正常' },
  { id: 2, name: '已锁定' },
  { id: 3, name: '有风险' },
];

/** VIP levels a rate is set for; enterprises.rate_level{id}. Rates are integers in 1/10000 (600 = 6.00%). */
export const VIP_LEVEL: readonly Choice[] = [
  { id: 1, name: '普通用户' },
  { id: 2, name: '优选VIP' },
  { id: 3, name: '尊享VIP' },
];

/** The three enterprises whose third-party calls have a page of their own (/adThirdCallBack*). */
export const CALLBACK_CHANNEL: readonly { code: string; route: string; name: string }[] = [
  { code: 'bigbear', route: 'adThirdCallBackBigBear', name: '大熊' },
  { code: 'baogu', route: 'adThirdCallBackBaoGu', name: '宝谷' },
  { code: 'anhuiyahui', route: 'adThirdCallBackAnhuiYahui', name: '安徽亚辉' },
];

export const CALLBACK_CHANNEL_CHOICES: readonly Choice[] = CALLBACK_CHANNEL.map((channel, index) => ({
  id: index + 1,
  name: channel.name,
}));

/** Highest rate an enterprise may charge: 100.00%. */
export const MAX_RATE = MAX_RATE_UNITS;

export const ENTERPRISE_MSG = {
  locked: (name: string) => `服务主体「${name}」已锁定，暂不能办理新的打款或签约`,
  riskyConfirm: (name: string, reason: string | null) =>
    `服务主体「${name}」被标记为有风险${reason ? `（${reason}）` : ''}，确定继续吗？`,
  reasonRequired: '请填写原因（1-200字）',
  /** An enterprise not bound to the company (/adMerchant → 绑定签约主体) names nothing it may do. */
  notBound: (name: string) => `「${name}」不是该企业绑定的签约主体，不能办理；请选择已绑定的签约主体，或联系客服绑定`,
  /** A company the operator has bound no enterprise to yet: it may sign, pay and invoice with none. */
  noneBound: '平台尚未为该企业绑定签约主体，暂不能签约；请联系客服在「企业管理 → 绑定签约主体」中绑定',
  rate: '请输入0-10000之间的整数费率（万分之，600即6%）',
} as const;

/** Kinds of agreement between a merchant and an enterprise (contracts.agreement_type); 0 is any other contract. */
export const AGREEMENT_KIND: readonly Choice[] = [
  { id: 1, name: '服务协议' },
  { id: 2, name: '服务外包协议' },
  { id: 3, name: '自由职业者协议' },
  { id: 4, name: '开户合同' },
];

export const SIGN_MODE: readonly Choice[] = [
  { id: 1, name: '电子签署' },
  { id: 2, name: '纸质合同' },
];

/** The kind of a contract by its name, as migration 061 and the demo seed read it. */
export function agreementKindOfName(name: string): number {
  if (name.startsWith('灵活用工综合服务协议') || name.startsWith('委托代征协议')) return 1;
  if (name.startsWith('业务外包服务合同') || name.startsWith('人力资源服务协议')) return 2;
  if (name.startsWith('自由职业者')) return 3;
  if (name.startsWith('开户合同')) return 4;
  return 0;
}
