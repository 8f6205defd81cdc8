import type { Choice } from '../enums';

/** payout_items.tax_status */
export const TAX_STATUS_CHOICES: readonly Choice[] = [
  { id: 0, name: '未代扣' },
  { id: 1, name: '已代扣' },
  { id: 2, name: '已退回' },
];
/** notWithheld: paid before withholding existed here (figures computed, nothing withheld). */
export const TAX_STATUS = { notWithheld: 0, withheld: 1, givenBack: 2 } as const;

/** tax_entries.kind */
export const TAX_ENTRY_CHOICES: readonly Choice[] = [
  { id: 1, name: '代扣个税' },
  { id: 2, name: '失败退回' },
  { id: 3, name: '申报缴纳' },
];
export const TAX_ENTRY = { withheld: 1, givenBack: 2, filed: 3 } as const;

/** The platform itself as the withholding agent, when the company has no signing entity. */
export const PLATFORM_ENTITY_ID = 0;
export const PLATFORM_ENTITY_NAME = '平台企业（未绑定签约主体）';
