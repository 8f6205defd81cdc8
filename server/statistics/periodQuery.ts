import {
  daysBetween,
  isValidDay,
  isValidMonth,
  MAX_RANGE_DAYS,
  monthPeriod,
  type Period,
} from '../../src/domain/statistics/period';
import { chinaTime } from '../db/time';
import { fail } from '../http/errors';

/**
 * The period of a statistics request: period=day&day=YYYY-MM-DD | period=month&month=YYYY-MM |
 * period=range&from=YYYY-MM-DD&to=YYYY-MM-DD (inclusive, China time). No period: the current month.
 */
export function periodOf(query: Record<string, unknown>, now = Date.now()): Period {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string).trim() : '');
  const type = text('period') || 'month';
  if (type === 'day') {
    const day = text('day');
    if (!isValidDay(day)) fail('请选择正确的日期（YYYY-MM-DD）');
    return { type: 'day', from: day, to: day };
  }
  if (type === 'month') {
    const month = text('month') || chinaTime(now).slice(0, 7);
    if (!isValidMonth(month)) fail('请选择正确的月份（YYYY-MM）');
    return monthPeriod(month);
  }
  if (type === 'range') {
    const from = text('from');
    const to = text('to');
    if (!isValidDay(from) || !isValidDay(to)) fail('请选择正确的起止日期（YYYY-MM-DD）');
    if (from > to) fail('开始日期不能晚于结束日期');
    if (daysBetween(from, to) > MAX_RANGE_DAYS) fail(`统计区间不能超过 ${MAX_RANGE_DAYS} 天`);
    return { type: 'range', from, to };
  }
  fail('统计周期只能是 day、month 或 range');
}
