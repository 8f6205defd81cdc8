import { formatRate } from './rates';

/**
 * What a new company needs before it can pay its workers, in the order an operator sets it up: the branch and
 * customer service (activation), the signing entities it may sign with, its sale partner, its service-charge rate,
 * its signed service agreement with a bound entity, and the payment password every payout asks for.
 * GET /api/v1/companies/:id/setup answers these steps; the company's detail view shows them as 「开通进度」.
 */
export const SETUP_STEPS = [
  { key: 'branch', label: '分公司与客服', by: 'operator' },
  { key: 'enterprises', label: '签约主体已绑定', by: 'operator' },
  { key: 'partner', label: '销售合伙人', by: 'operator' },
  { key: 'rate', label: '服务费率', by: 'operator' },
  { key: 'agreement', label: '服务协议已签署', by: 'merchant' },
  { key: 'paymentPassword', label: '支付密码已设置', by: 'merchant' },
] as const;

export type SetupStepKey = (typeof SETUP_STEPS)[number]['key'];

export interface SetupStep {
  key: SetupStepKey;
  label: string;
  /** Who completes it: the platform's operator here, or the merchant in its own workspace. */
  by: 'operator' | 'merchant';
  done: boolean;
  /** What is set, in words (已完成), or what is missing (未完成). */
  text: string;
}

/** The facts the steps are decided on, read from the company's tables. */
export interface SetupFacts {
  subsidiaryName: string | null;
  serviceName: string | null;
  enterpriseNames: readonly string[];
  partnerName: string | null;
  rate: { rate: number; source: 'company' | 'partner' | 'activation' | 'none' };
  /** The bound entity of its newest signed, valid service agreement. */
  agreementEnterprise: string | null;
  paymentPasswordSet: boolean;
}

const RATE_SOURCE = { company: '企业费率', partner: '合伙人费率', activation: '开通时约定' } as const;

function branchText(facts: SetupFacts): string {
  if (facts.subsidiaryName && facts.serviceName) return `${facts.subsidiaryName}，客服 ${facts.serviceName}`;
  if (facts.subsidiaryName) return `${facts.subsidiaryName}，未分配客服`;
  if (facts.serviceName) return `未设置分公司，客服 ${facts.serviceName}`;
  return '未设置分公司，未分配客服';
}

export function setupSteps(facts: SetupFacts): SetupStep[] {
  const state: Record<SetupStepKey, { done: boolean; text: string }> = {
    branch: { done: Boolean(facts.subsidiaryName && facts.serviceName), text: branchText(facts) },
    enterprises:
      facts.enterpriseNames.length > 0
        ? { done: true, text: facts.enterpriseNames.join('、') }
        : { done: false, text: '未绑定签约主体，企业签署服务协议时无主体可选' },
    partner: facts.partnerName ? { done: true, text: facts.partnerName } : { done: false, text: '未分配销售合伙人' },
    rate:
      facts.rate.source === 'none'
        ? { done: false, text: '未设置服务费率，打款将不收服务费' }
        : { done: true, text: `${formatRate(facts.rate.rate)}（${RATE_SOURCE[facts.rate.source]}）` },
    agreement: facts.agreementEnterprise
      ? { done: true, text: `已与${facts.agreementEnterprise}签署` }
      : { done: false, text: '企业尚未与已绑定的签约主体签署服务协议，由企业登录后在「合同管理」签署' },
    paymentPassword: facts.paymentPasswordSet
      ? { done: true, text: '已设置' }
      : { done: false, text: '企业尚未设置支付密码，由企业登录后在「账户安全」中设置' },
  };
  return SETUP_STEPS.map((step) => ({ ...step, ...state[step.key] }));
}
