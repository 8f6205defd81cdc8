import { describe, expect, it } from 'vitest';
import { cellAlign, cellText } from '../../resources/cellText';
import type { FieldDeclaration } from '../../resources/types';

const field = (over: Partial<FieldDeclaration>): FieldDeclaration => ({
  source: 'v',
  label: '值',
  type: 'text',
  ...over,
});

describe('cellText (one text for the React list and the first paint)', () => {
  it('shows an enum by its Chinese name, whether the value comes as a number or a string', () => {
    const status = field({
      type: 'enum',
      choices: [
        { id: 0, name: '过期' },
        { id: 1, name: '有效期内' },
      ],
    });
    expect(cellText(status, { v: 1 })).toBe('有效期内');
    expect(cellText(status, { v: '0' })).toBe('过期');
    expect(cellText(status, { v: 9 })).toBe('');
  });

  it('shows a rate stored in 1/10000 as a percentage with two decimals, on the right', () => {
    const rate = field({ type: 'rate' });
    expect(cellText(rate, { v: 650 })).toBe('6.50%');
    expect(cellText(rate, { v: '600' })).toBe('6.00%');
    expect(cellText(rate, { v: 5 })).toBe('0.05%');
    expect(cellText(rate, { v: null })).toBe('');
    expect(cellAlign(rate)).toBe('right');
  });

  it('shows money in yuan with two decimals and thousands separators, from integer 1/10000 units', () => {
    expect(cellText(field({ type: 'money' }), { v: 123_456_789_0 })).toBe('123,456.79');
    expect(cellText(field({ type: 'money' }), { v: null })).toBe('0.00');
  });

  it('names an upload by its file name, else by what it is, and shows nothing without a file', () => {
    expect(cellText(field({ type: 'file', nameSource: 'n' }), { v: '/f/1', n: '合同.pdf' })).toBe('合同.pdf');
    expect(cellText(field({ type: 'file' }), { v: '/f/1' })).toBe('下载');
    expect(cellText(field({ type: 'image' }), { v: '/f/2' })).toBe('查看图片');
    expect(cellText(field({ type: 'image' }), { v: '' })).toBe('');
  });

  it('shows a reference by the name the server joined in, never the id', () => {
    const subsidiary = field({ type: 'reference', reference: 'subsidiary', nameSource: 'subsidiaryName' });
    expect(cellText(subsidiary, { v: 7, subsidiaryName: '上海分公司' })).toBe('上海分公司');
    expect(cellText(subsidiary, { v: 7 })).toBe('');
    expect(cellText(subsidiary, { v: 7, subsidiaryName: null })).toBe('');
  });

  it('shows numbers without grouping and empty values as nothing', () => {
    expect(cellText(field({ type: 'number' }), { v: 1234567 })).toBe('1234567');
    expect(cellText(field({ type: 'text' }), {})).toBe('');
    expect(cellText(field({ type: 'datetime' }), { v: '2026-11-14 07:03:42' })).toBe('2026-11-14 07:03:42');
  });

  it('aligns numbers and money right, everything else left', () => {
    expect(cellAlign(field({ type: 'number' }))).toBe('right');
    expect(cellAlign(field({ type: 'money' }))).toBe('right');
    expect(cellAlign(field({ type: 'enum' }))).toBe('left');
  });
});
