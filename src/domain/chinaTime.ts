/**
 * China time as the product stores, sends and shows it: 'YYYY-MM-DD HH:mm:ss', a day 'YYYY-MM-DD', a month
 * 'YYYY-MM'. China keeps UTC+8 all year (no daylight saving since 1991), so China time is the epoch shifted by eight
 * hours, read through the UTC fields: never through the machine's own zone, so a server under TZ=UTC and a browser in
 * New York name the same day as one in Shanghai. Shared by the browser and the server; every "today", "this month"
 * and "now as text" comes from here.
 */
export const CHINA_OFFSET_MS = 8 * 3600_000;

const epochOf = (at: Date | number) => (typeof at === 'number' ? at : at.getTime());

/**
 * The China wall-clock of `at` as a Date whose UTC fields hold it: for what writes a Date's UTC fields as a time
 * without a zone (a zip entry's DOS time, an Excel date cell), and for calendar arithmetic on China days and months.
 */
export function chinaWallClock(at: Date | number = Date.now()): Date {
  return new Date(epochOf(at) + CHINA_OFFSET_MS);
}

/** 'YYYY-MM-DD HH:mm:ss' in China time. */
export function chinaTime(at: Date | number = Date.now()): string {
  return chinaWallClock(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** The China day of `at`, 'YYYY-MM-DD'. */
export function chinaToday(at: Date | number = Date.now()): string {
  return chinaWallClock(at).toISOString().slice(0, 10);
}

/** The China month of `at`, 'YYYY-MM'. */
export function chinaMonth(at: Date | number = Date.now()): string {
  return chinaWallClock(at).toISOString().slice(0, 7);
}

/** The month before the China month of `at`, 'YYYY-MM' (the last month that has ended). */
export function chinaPreviousMonth(at: Date | number = Date.now()): string {
  const china = chinaWallClock(at);
  return new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** A stored China-time text ('YYYY-MM-DD HH:mm:ss') as epoch milliseconds. */
export function parseChinaTime(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}+08:00`);
}
