import { describe, expect, it } from 'vitest';
import { BatchLimitError } from '../../server/money/payouts/batchFileErrors';
import { ByteGuard, ParseBudget } from '../../server/money/payouts/xlsxReader';
import { BATCH_PARSE_LIMITS } from '../../src/domain/payoutBatch';

/** The byte-level guard of the .xlsx reader, on small limits and chunks cut anywhere. */

const limits = { ...BATCH_PARSE_LIMITS, xmlTextBytes: 20, sheetRows: 3, sharedStrings: 2, inflatedBytes: 200 };

function feed(text: string, cuts: number[], budget = new ParseBudget(limits)) {
  const guard = new ByteGuard(budget);
  const bytes = Buffer.from(text);
  let start = 0;
  for (const end of [...cuts, bytes.length]) {
    guard.take(bytes.subarray(start, end));
    start = end;
  }
  return budget;
}

function limitOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof BatchLimitError) return error.limit;
    throw error;
  }
}

describe('ByteGuard', () => {
  const rows = '<row r="1"/><row r="2"><c/></row><x:row/><rows/><sheetData/>';

  it('counts <row> tags (a prefixed one too, not <rows>) wherever the chunks are cut', () => {
    for (let cut = 1; cut < rows.length; cut += 1) {
      expect(feed(rows, [cut]).rows, `cut at ${cut}`).toBe(3);
    }
  });

  it('stops at one row too many and at one shared string too many', () => {
    expect(limitOf(() => feed(`${rows}<row/>`, [7, 30]))).toBe('sheetRows');
    expect(limitOf(() => feed('<sst><si><t>a</t></si><si/><si x="1"/></sst>', [9]))).toBe('sharedStrings');
  });

  it('stops more than 20 bytes after a `<` (tag and text) before the next one, also across chunks', () => {
    // 't>' and 18 characters: 20 bytes.
    expect(limitOf(() => feed(`<t>${'a'.repeat(18)}</t>`, [5]))).toBeNull();
    expect(limitOf(() => feed(`<t>${' '.repeat(19)}</t>`, [5, 9]))).toBe('xmlTextBytes');
    expect(limitOf(() => feed('a'.repeat(21), [3, 6]))).toBe('xmlTextBytes');
  });

  it('counts inflated bytes over all the parts of one file', () => {
    const budget = new ParseBudget(limits);
    feed('<a/>'.repeat(25), [], budget);
    expect(limitOf(() => feed('<a/>'.repeat(26), [], budget))).toBe('inflatedBytes');
  });

  it('stops when the time is up', () => {
    const budget = new ParseBudget(limits, Date.now() - BATCH_PARSE_LIMITS.parseMs - 1);
    expect(limitOf(() => feed('<a/>', [], budget))).toBe('parseMs');
  });
});
