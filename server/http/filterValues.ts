import type { FilterDeclaration } from '../../resources/types';
import { validateDateRange } from '../../src/domain/validation';
import { fail } from './errors';

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?: \d{2}:\d{2}:\d{2})?$/;
const WHOLE_NUMBER = /^-?\d{1,15}$/;
/** The most ids one id-list filter (contractIds, enterpriseIds) may list. */
export const MAX_LISTED_IDS = 1000;

/** "1, 2,3" → [1, 2, 3] (positive whole numbers, duplicates dropped); anything else answers `message`. */
export function idList(raw: string, message: string): number[] {
  const items = raw.split(',').map((item) => item.trim());
  if (!items.every((item) => /^\d{1,15}$/.test(item) && Number(item) > 0)) fail(message);
  if (items.length > MAX_LISTED_IDS) fail(`最多可查询 ${MAX_LISTED_IDS} 个编号`);
  return [...new Set(items.map(Number))];
}

/**
 * Reads q= filters (already whitelisted by parseListQuery) by their declared type, answering 1040400
 * with the filter's Chinese label when a value is malformed.
 */
export function filterReader(filters: Record<string, string>, declared: readonly FilterDeclaration[]) {
  const label = (key: string) => declared.find((filter) => filter.key === key || filter.endKey === key)?.label ?? key;
  const text = (key: string): string | undefined => filters[key]?.trim() || undefined;
  const number = (key: string): number | undefined => {
    const value = text(key);
    if (value === undefined) return undefined;
    if (!WHOLE_NUMBER.test(value)) fail(`${label(key)}必须是数字`);
    return Number(value);
  };
  const day = (key: string): string | undefined => {
    const value = text(key);
    if (value === undefined) return undefined;
    const match = DATE.exec(value);
    const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
    if (!match || !date || date.toISOString().slice(0, 10) !== value.slice(0, 10)) {
      fail(`${label(key)}格式不正确，应为 YYYY-MM-DD`);
    }
    return value.slice(0, 10);
  };
  /** A start/end pair as China-time bounds; half a range gives the spec's messages. */
  const dateRange = (startKey: string, endKey: string): { from?: string; to?: string } => {
    const message = validateDateRange(text(startKey), text(endKey));
    if (message) fail(message);
    const from = day(startKey);
    const to = day(endKey);
    if (from && to && from > to) fail('开始时间不能晚于结束时间');
    return { from: from && `${from} 00:00:00`, to: to && `${to} 23:59:59` };
  };
  /** A 0/1 choice (e.g. isbind): true, false or not given. */
  const flag = (key: string): boolean | undefined => {
    const value = text(key);
    if (value === undefined) return undefined;
    if (value !== '0' && value !== '1') fail(`${label(key)}只能是 0 或 1`);
    return value === '1';
  };
  /**
   * A comma-separated id list (contractIds): its label without the typing hint in brackets names it in the
   * message, e.g. 合同ID（多个用逗号分隔） → 合同ID格式不正确….
   */
  const ids = (key: string): number[] | undefined => {
    const value = text(key);
    if (value === undefined) return undefined;
    return idList(value, `${label(key).replace(/（.*）$/, '')}格式不正确，多个请用英文逗号分隔`);
  };
  return { text, number, day, dateRange, flag, ids };
}
