import { chinaWallClock } from '../../src/domain/chinaTime';

/**
 * China-time texts as dates in files: every .xlsx export (list exports, statistics, 大熊人员信息) and every zip
 * entry time goes through here, so a file shows the same wall-clock time as the screen whatever the server's TZ.
 *
 * Neither an Excel date cell nor a zip entry time carries a time zone: Excel stores a serial day number, a zip a
 * DOS date and time. exceljs and archiver (zip-stream, forceLocalTime off) both write a Date's UTC fields, so the
 * Date we hand them has the China wall-clock as its UTC fields.
 */

const TIME = /^(\d{4})-(\d{2})(?:-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?)?(?:\.\d+)?$/;

/** 'YYYY-MM', 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]' (China time) as a Date whose UTC fields are those of the text. */
export function excelDate(value: unknown): Date | null {
  const match = typeof value === 'string' ? TIME.exec(value.trim()) : null;
  if (!match) return null;
  const [, y, m, d = '1', hh = '0', mm = '0', ss = '0'] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm), Number(ss)));
  // A text such as 2025-02-30 would roll over into March: not a date.
  return date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) ? date : null;
}

export const EXCEL_FORMATS = {
  month: 'yyyy-mm',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
} as const;

/** The number format that shows a text's own precision: a month, a day, or a time. */
export function excelDateFormat(text: string): string {
  const length = text.trim().length;
  if (length <= 7) return EXCEL_FORMATS.month;
  if (length <= 10) return EXCEL_FORMATS.date;
  return EXCEL_FORMATS.datetime;
}

/** The time of a zip entry that a zip reader shows as the China wall-clock of `epochMs` (default: now). */
export function zipEntryDate(epochMs: number = Date.now()): Date {
  return chinaWallClock(epochMs);
}

/** A stored China-time text as a zip entry time, or the China time now when the text is missing. */
export function zipEntryDateOf(chinaTimeText: string | null | undefined): Date {
  return (chinaTimeText && excelDate(chinaTimeText)) || zipEntryDate();
}
