/** Times are stored and sent as 'YYYY-MM-DD HH:mm:ss' in China time (UTC+8, no daylight saving). */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

export function chinaTime(date: Date | number = Date.now()): string {
  const shifted = new Date((typeof date === 'number' ? date : date.getTime()) + CHINA_OFFSET_MS);
  return shifted.toISOString().slice(0, 19).replace('T', ' ');
}

/** Parses a stored China-time text back to epoch milliseconds. */
export function parseChinaTime(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}+08:00`);
}
