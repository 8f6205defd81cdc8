import { describe, expect, it } from 'vitest';
import { type SetupFacts, setupSteps } from '../../src/domain/companySetup';

const NOTHING: SetupFacts = {
  subsidiaryName: null,
  serviceName: null,
  enterpriseNames: [],
  partnerName: null,
  rate: { rate: 0, source: 'none' },
  agreementEnterprise: null,
  paymentPasswordSet: false,
};

const byKey = (facts: SetupFacts) => Object.fromEntries(setupSteps(facts).map((step) => [step.key, step]));

describe('setupSteps', () => {
  it('has every step open for a company with nothing set, each saying what is missing', () => {
    const steps = setupSteps(NOTHING);
    expect(steps.map((step) => step.label)).toEqual([
      '分公司与客服',
      '签约主体已绑定',
      '销售合伙人',
      '服务费率',
      '服务协议已签署',
      '支付密码已设置',
    ]);
    expect(steps.every((step) => !step.done)).toBe(true);
    expect(byKey(NOTHING).branch.text).toBe('未设置分公司，未分配客服');
  });

  it('needs both the branch and the customer service for 分公司与客服', () => {
    expect(byKey({ ...NOTHING, subsidiaryName: '上海分公司' }).branch).toMatchObject({
      done: false,
      text: '上海分公司，未分配客服',
    });
    expect(byKey({ ...NOTHING, subsidiaryName: '上海分公司', serviceName: '客服小王' }).branch).toMatchObject({
      done: true,
      text: '上海分公司，客服 客服小王',
    });
  });

  it('shows the rate as a percentage with where it comes from; 0 from a set rate still counts as set', () => {
    expect(byKey({ ...NOTHING, rate: { rate: 650, source: 'company' } }).rate).toMatchObject({
      done: true,
      text: '6.50%（企业费率）',
    });
    expect(byKey({ ...NOTHING, rate: { rate: 500, source: 'partner' } }).rate.text).toBe('5.00%（合伙人费率）');
    expect(byKey({ ...NOTHING, rate: { rate: 0, source: 'activation' } }).rate).toMatchObject({
      done: true,
      text: '0.00%（开通时约定）',
    });
  });

  it('names the bound entities, the partner and the signed agreement once they are there', () => {
    const steps = byKey({
      ...NOTHING,
      enterpriseNames: ['天津大熊', '海南众薪'],
      partnerName: '合伙人老李',
      agreementEnterprise: '天津大熊',
      paymentPasswordSet: true,
    });
    expect(steps.enterprises).toMatchObject({ done: true, text: '天津大熊、海南众薪' });
    expect(steps.partner).toMatchObject({ done: true, text: '合伙人老李' });
    expect(steps.agreement).toMatchObject({ done: true, text: '已与天津大熊签署', by: 'merchant' });
    expect(steps.paymentPassword).toMatchObject({ done: true, by: 'merchant' });
  });
});
