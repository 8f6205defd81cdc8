import { companyRates, partnerRates } from '../../../resources/serviceRates';
import { MAX_RATE_UNITS } from '../../../src/domain/rates';
import { chinaTime } from '../../db/time';
import type { ResourceBinding, WriteContext } from '../../engine/binding';
import type { FieldCheck } from '../../http/fieldChecks';
import { RATE_TARGET } from './rates.service';

/** 0 to 100.00%, in 1/10000. */
const MAX_RATE = MAX_RATE_UNITS;
const MSG_RATE = `服务费率须为0-${MAX_RATE}之间的整数（万分之，600即6.00%）`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const rateCheck: FieldCheck = (value) => {
  const rate = Number(value);
  return Number.isInteger(rate) && rate >= 0 && rate <= MAX_RATE ? undefined : MSG_RATE;
};

/** A change takes effect today or later: the rates payouts were charged at are history and stay as they were. */
const dateCheck: FieldCheck = (value) => {
  const text = String(value);
  if (!DATE.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) return '生效日期格式不正确';
  return text < chinaTime().slice(0, 10) ? '生效日期不能早于今天' : undefined;
};

const operator = ({ auth }: WriteContext) => ({
  operator_id: auth.userId,
  operator_name: auth.displayName || auth.username,
});

const shared = {
  table: 'service_rates',
  filters: { stime: { column: 'service_rates.effective_date' } },
  timestamps: { create: 'create_time' },
  maxChars: { remark: 200 },
  // Only a change not yet in force can be withdrawn; the others are the record of what payouts were charged.
  deleteGuard: {
    unlessUsed: (eb, _id) => eb('service_rates.effective_date', '>', chinaTime().slice(0, 10)),
    message: '该费率已生效，不能撤销；请新增一条调整',
  },
} satisfies Partial<ResourceBinding>;

/**
 * 企业费率调整 (resources/serviceRates.ts companyRates): a company's rates; department-scoped staff reach the
 * companies of their departments only. Payouts read the rate in force through rates.service.ts rateInForce.
 */
export const companyRatesBinding: ResourceBinding = {
  ...shared,
  declaration: companyRates,
  fixed: { target_kind: RATE_TARGET.company },
  columns: { companyName: 'companies.name' },
  joins: [{ table: 'companies', on: ['companies.id', 'service_rates.company_id'] }],
  scope: { kind: 'company', column: 'service_rates.company_id' },
  filters: { ...shared.filters, coname: { column: 'companies.name' } },
  insertDefaults: operator,
  // companyId: the engine checks it names a company in the caller's scope (a reference field).
  checks: () => ({
    rate: rateCheck,
    effectiveDate: dateCheck,
  }),
  messages: { notFound: '费率调整记录不存在', idLabel: '费率调整编号', created: '费率调整已保存', deleted: '已撤销' },
};

/** 合伙人费率调整 (resources/serviceRates.ts partnerRates): a partner account's (rid 4) rates. */
export const partnerRatesBinding: ResourceBinding = {
  ...shared,
  declaration: partnerRates,
  fixed: { target_kind: RATE_TARGET.partner },
  columns: { partnerName: 'users.display_name' },
  joins: [{ table: 'users', on: ['users.id', 'service_rates.partner_id'] }],
  scope: { kind: 'partner', column: 'service_rates.partner_id' },
  filters: { ...shared.filters, partnerName: { column: 'users.display_name' } },
  insertDefaults: operator,
  // partnerId: the engine checks it names a partner account in the caller's scope (a reference field).
  checks: () => ({
    rate: rateCheck,
    effectiveDate: dateCheck,
  }),
  messages: { notFound: '费率调整记录不存在', idLabel: '费率调整编号', created: '费率调整已保存', deleted: '已撤销' },
};

export const RATE_BINDINGS: readonly ResourceBinding[] = [companyRatesBinding, partnerRatesBinding];
