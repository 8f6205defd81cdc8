/**
 * Money is an integer count of 1/10000 yuan everywhere. These helpers convert to and from the
 * displayed yuan text using integer (BigInt) arithmetic only, so no value is ever rounded by a float.
 */
export const MONEY_UNITS_PER_YUAN = 10000n;

/** Units in one fen: every amount that moves (is debited, paid, refunded or stored in the ledger) is a multiple. */
export const FEN_UNITS = 100;

/** True when `units` is a whole number of fen (the only amounts the ledger and the bank accept). */
export function isWholeFen(units: number): boolean {
  return Number.isSafeInteger(units) && units % FEN_UNITS === 0;
}

/**
 * The one rounding rule for computed money (server/money/README.md, 金额取整规则): `numerator / denominator`
 * units rounded to a whole fen, half up (a half fen goes away from zero, as formatMoney displays it). BigInt
 * throughout, so no float ever rounds a product. Callers pass the exact fraction (amount × rate, 10 000) and
 * round once; rounding an already rounded figure again could move a half fen the wrong way.
 */
export function divideToFen(numerator: bigint, denominator: bigint): number {
  if (denominator <= 0n) throw new RangeError('divideToFen: the denominator must be positive');
  const fen = BigInt(FEN_UNITS);
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = ((abs * 2n + denominator * fen) / (denominator * fen * 2n)) * fen;
  const result = Number(negative ? -rounded : rounded);
  if (!Number.isSafeInteger(result)) throw new RangeError('divideToFen: the amount is too large');
  return result;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 123456789 → '12,345.68' (two decimals, half away from zero, thousands separators). */
export function formatMoney(units: number | bigint | string | null | undefined): string {
  if (units === null || units === undefined || units === '') return '0.00';
  const value = BigInt(units);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  // to hundredths of a yuan: units / 100, rounded half up
  const cents = (abs + 50n) / 100n;
  const yuan = cents / 100n;
  const fraction = (cents % 100n).toString().padStart(2, '0');
  const text = `${groupThousands(yuan.toString())}.${fraction}`;
  return negative && cents !== 0n ? `-${text}` : text;
}

/** Digits, or digits grouped by thousands with commas (1,234 / 12,345,678; not 0,001); then up to four decimals. */
const MONEY_PATTERN = /^(-)?([1-9]\d{0,2}(?:,\d{3})+|\d+)(?:\.(\d{1,4}))?$/;

/**
 * '1,234.5' → 12345000. Accepts up to four decimals (the unit is 0.0001 yuan) and a comma only as a
 * well-formed thousands separator: '10,00' or '0,50' (a decimal comma, as some locales write it) is not read
 * as 1000 or 50 but refused, like anything else that is not a plain amount (null).
 */
export function parseMoney(text: string): number | null {
  const match = MONEY_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, sign, grouped, fraction = ''] = match;
  const units = BigInt(grouped.replace(/,/g, '')) * MONEY_UNITS_PER_YUAN + BigInt(fraction.padEnd(4, '0'));
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(sign ? -units : units);
}
