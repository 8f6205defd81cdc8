/**
 * Service-charge rates. The API and the database keep a rate as an integer in 1/10000 (万分之: 600 is 6 %);
 * people read and type it as a percentage with up to two decimals (6.00%, typed 6 or 6.5). Every page, export,
 * log and document converts through here, on the decimal text and integers only, so 6.5 % is exactly 650 and
 * never a float that lands next to it.
 */

/** Rate units in one percent: the stored integer is the percentage × 100. */
export const RATE_UNITS_PER_PERCENT = 100;

/** Highest rate: 100 %, 10000 in stored units. */
export const MAX_RATE_UNITS = 100 * RATE_UNITS_PER_PERCENT;

export const RATE_MSG = {
  invalid: '费率须在0到100%之间，最多两位小数',
} as const;

/** A percentage as people type it: digits, then up to two decimals. */
const PERCENT_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * '6.5' (also '6.5%') → 650; blank → null (nothing typed); anything that is not a percentage from 0 to 100 with
 * at most two decimals → undefined. Read from the text's digits, so no float rounds it.
 */
export function parseRatePercent(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = PERCENT_PATTERN.exec(trimmed.replace(/\s*[%％]$/, ''));
  if (!match) return undefined;
  const [, whole, fraction = ''] = match;
  const units = BigInt(whole) * BigInt(RATE_UNITS_PER_PERCENT) + BigInt(fraction.padEnd(2, '0'));
  return units <= BigInt(MAX_RATE_UNITS) ? Number(units) : undefined;
}

/** Whether a stored rate is a whole number of units from 0 to 100 %. */
export function isRateUnits(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_RATE_UNITS;
}

/** 650 → '6.50%': what a rate reads as on pages, in exports, logs and agreements. */
export function formatRate(units: number | string | bigint): string {
  const value = BigInt(units);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}%`;
}

/** 650 → '6.5', 600 → '6': the percentage as a rate input shows a stored value, without trailing zeros. */
export function ratePercentText(units: number | string | bigint): string {
  const value = BigInt(units);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = (abs / 100n).toString();
  const fraction = (abs % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A stored rate as a spreadsheet number formatted 0.00% (650 → 0.065): the fraction the cell multiplies by. */
export function rateFraction(units: number): number {
  return units / (100 * RATE_UNITS_PER_PERCENT);
}

/** The number format of a rate cell in an .xlsx export. */
export const RATE_EXCEL_FORMAT = '0.00%';

/**
 * A rate field's rule in a form: the rate input holds the stored integer when the typed text is a rate, and the
 * text itself when it is not, so anything but an integer from 0 to 10000 is refused (blank is the required rule's).
 */
export function rateValidator(value: unknown): string | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  return isRateUnits(value) ? undefined : RATE_MSG.invalid;
}
