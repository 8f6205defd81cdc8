import { afterEach, describe, expect, it } from 'vitest';
import {
  chinaMonth,
  chinaPreviousMonth,
  chinaTime,
  chinaToday,
  chinaWallClock,
  parseChinaTime,
} from '../../src/domain/chinaTime';

/**
 * China time from the epoch, whatever the machine's zone. Expected values are written out by hand (China is UTC+8,
 * so China midnight is 16:00 UTC the day before) or read from Intl with timeZone Asia/Shanghai, which knows nothing
 * of these helpers.
 */
const savedTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = savedTz;
});

const utc = (iso: string) => Date.parse(`${iso}Z`);

/** China day, month and wall-clock of `epochMs` as Intl reads them from the tz database. */
function intlChina(epochMs: number): { day: string; month: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(epochMs)
      .map((part) => [part.type, part.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return { day, month: day.slice(0, 7), time: `${day} ${parts.hour}:${parts.minute}:${parts.second}` };
}

for (const tz of ['UTC', 'Asia/Shanghai', 'America/New_York']) {
  describe(`under TZ=${tz}`, () => {
    it('turns the day and the month at China midnight, 16:00 UTC', () => {
      process.env.TZ = tz;
      const lastMoment = utc('2026-11-30T15:59:59.999');
      expect(chinaTime(lastMoment)).toBe('2026-11-30 23:59:59');
      expect(chinaToday(lastMoment)).toBe('2026-11-30');
      expect(chinaMonth(lastMoment)).toBe('2026-11');
      expect(chinaPreviousMonth(lastMoment)).toBe('2026-10');

      const midnight = utc('2026-11-30T16:00:00');
      expect(chinaTime(midnight)).toBe('2026-12-01 00:00:00');
      expect(chinaToday(midnight)).toBe('2026-12-01');
      expect(chinaMonth(midnight)).toBe('2026-12');
      expect(chinaPreviousMonth(midnight)).toBe('2026-11');
    });

    it('turns the year at China midnight, and the month before January is last December', () => {
      process.env.TZ = tz;
      expect(chinaToday(utc('2026-12-31T15:59:59'))).toBe('2026-12-31');
      const newYear = utc('2026-12-31T16:00:00');
      expect(chinaTime(newYear)).toBe('2027-01-01 00:00:00');
      expect(chinaMonth(newYear)).toBe('2027-01');
      expect(chinaPreviousMonth(newYear)).toBe('2026-12');
    });

    it('gives the month before a 31st without rolling over a short month', () => {
      process.env.TZ = tz;
      expect(chinaPreviousMonth(utc('2027-03-31T02:00:00'))).toBe('2027-02');
      expect(chinaPreviousMonth(utc('2028-02-29T16:00:00'))).toBe('2028-02');
    });

    it('agrees with the tz database every 20 minutes through New York’s DST changes and a China midnight', () => {
      process.env.TZ = tz;
      const spans = [
        [utc('2026-03-07T00:00:00'), utc('2026-03-10T00:00:00')],
        [utc('2026-10-31T00:00:00'), utc('2026-11-03T00:00:00')],
      ];
      for (const [from, to] of spans) {
        for (let at = from; at <= to; at += 20 * 60_000 + 7_000) {
          const expected = intlChina(at);
          expect(chinaToday(at), new Date(at).toISOString()).toBe(expected.day);
          expect(chinaMonth(at)).toBe(expected.month);
          expect(chinaTime(at)).toBe(expected.time);
        }
      }
    });

    it('reads a stored China time back to the instant it names', () => {
      process.env.TZ = tz;
      expect(parseChinaTime('2026-12-01 00:00:00')).toBe(utc('2026-11-30T16:00:00'));
      const at = utc('2026-06-15T03:04:05');
      expect(parseChinaTime(chinaTime(at))).toBe(at);
    });
  });
}

describe('chinaWallClock', () => {
  it('holds the China wall-clock in its UTC fields, from a number or a Date alike', () => {
    const at = utc('2026-11-26T23:54:00');
    expect(chinaWallClock(at).toISOString()).toBe('2026-11-27T07:54:00.000Z');
    expect(chinaWallClock(new Date(at)).getTime()).toBe(chinaWallClock(at).getTime());
    expect(chinaTime(new Date(at))).toBe('2026-11-27 07:54:00');
  });

  it('defaults to now', () => {
    const before = Date.now();
    const today = chinaToday();
    const after = Date.now();
    expect([intlChina(before).day, intlChina(after).day]).toContain(today);
  });
});
