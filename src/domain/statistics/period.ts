/**
 * A statistics period in China time: one day, one month, or a custom range of days (inclusive). Plain
 * string arithmetic on YYYY-MM-DD, no time zones involved: the ledger's times are China time already.
 */
export type PeriodType = 'day' | 'month' | 'range';

export interface Period {
  type: PeriodType;
  /** First and last day, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

export const MAX_RANGE_DAYS = 1100;
const DAY_MS = 86_400_000;

export function isValidDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

export function isValidMonth(text: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(text);
}

export function lastDayOfMonth(month: string): string {
  const [year, mon] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export function monthPeriod(month: string): Period {
  return { type: 'month', from: `${month}-01`, to: lastDayOfMonth(month) };
}

/** Whole months a range covers exactly (first day to last day), else null. */
export function wholeMonths(period: Period): { from: string; to: string } | null {
  if (!period.from.endsWith('-01')) return null;
  if (lastDayOfMonth(period.to.slice(0, 7)) !== period.to) return null;
  return { from: period.from.slice(0, 7), to: period.to.slice(0, 7) };
}

/** Time buckets of a period: days up to two months, months beyond. */
export function bucketOf(period: Period): 'day' | 'month' {
  return daysBetween(period.from, period.to) <= 62 ? 'day' : 'month';
}

/** What a period reads as in titles and file names: 2025-06, 2025-06-03, 2025-06-01至2025-06-15. */
export function periodLabel(period: Period): string {
  if (period.type === 'month') return period.from.slice(0, 7);
  if (period.type === 'day') return period.from;
  return `${period.from}至${period.to}`;
}
