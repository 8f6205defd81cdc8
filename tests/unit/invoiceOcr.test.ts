import { describe, expect, it } from 'vitest';
import { type InvoiceOcrResult, invoiceNumberPlan, ocrMismatches, ocrSummary } from '../../src/domain/invoiceOcr';

const READ: InvoiceOcrResult = {
  source: 'pdf',
  fields: { invoiceNumber: '24322000000012345678', invoiceDate: '2026-03-05', totalAmount: 10_600_000 },
  readFields: ['invoiceNumber', 'invoiceDate', 'totalAmount'],
  missingFields: ['invoiceCode', 'buyerName'],
  note: null,
};

describe('识别发票 in the 开票 form', () => {
  it('says what it read, with amounts in yuan, and what it could not', () => {
    expect(ocrSummary(READ)).toEqual({
      read: ['发票号码：24322000000012345678', '开票日期：2026-03-05', '价税合计：1,060.00 元'],
      missing: ['发票代码', '购买方名称'],
    });
  });

  it('fills an empty number box, and asks before replacing a number the user typed', () => {
    expect(invoiceNumberPlan('', '24322000000012345678')).toEqual({ kind: 'fill', value: '24322000000012345678' });
    expect(invoiceNumberPlan(' 24322000000012345678 ', '24322000000012345678').kind).toBe('fill');
    expect(invoiceNumberPlan('12345678', '24322000000012345678')).toEqual({
      kind: 'ask',
      typed: '12345678',
      read: '24322000000012345678',
    });
    expect(invoiceNumberPlan('12345678', undefined)).toEqual({ kind: 'none' });
  });

  it('points out an amount or buyer that differs from the application being issued', () => {
    expect(ocrMismatches(READ.fields, { total: 10_600_000, title: '上海启航教育科技有限公司' })).toEqual([]);
    expect(
      ocrMismatches(
        { ...READ.fields, buyerName: '南京某公司' },
        { total: 5_300_000, title: '上海启航教育科技有限公司' },
      ),
    ).toEqual([
      '识别的价税合计 1,060.00 元与申请金额 530.00 元不一致',
      '识别的购买方名称「南京某公司」与发票抬头「上海启航教育科技有限公司」不一致',
    ]);
  });
});
