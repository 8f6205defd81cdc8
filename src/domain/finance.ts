import type { Choice } from './enums';

/** 结算单 settlement_sheets.status (issue 15). */
export const SETTLEMENT_SHEET_STATUS: readonly Choice[] = [
  { id: 0, name: '待确认' },
  { id: 1, name: '已确认' },
];
export const SETTLEMENT_SHEET = { pending: 0, confirmed: 1 } as const;

/** YYYY-MM */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
