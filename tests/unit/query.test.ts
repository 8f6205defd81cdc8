import { describe, expect, it } from 'vitest';
import { decodeQ, encodeQ, QueryFormatError } from '../../src/domain/query';

describe('encodeQ', () => {
  it('encodes each key:value pair on its own and joins the pairs with a raw ";"', () => {
    expect(encodeQ({ coname: '上海;x', mobile: '1' })).toBe(
      `${encodeURIComponent('coname:上海;x')};${encodeURIComponent('mobile:1')}`,
    );
  });

  it('keeps the order of the keys', () => {
    expect(encodeQ({ b: '2', a: '1' })).toBe('b%3A2;a%3A1');
  });

  it('encodes the separators and reserved characters inside a value', () => {
    const q = encodeQ({ name: 'a;b:c%d&e=f+g h' });
    expect(q).toBe('name%3Aa%3Bb%3Ac%25d%26e%3Df%2Bg%20h');
    // no raw separator can leak out of a value
    expect(q.split(';')).toHaveLength(1);
  });

  it('encodes Chinese as UTF-8 percent escapes', () => {
    expect(encodeQ({ coname: '上海' })).toBe('coname%3A%E4%B8%8A%E6%B5%B7');
  });

  it('leaves out undefined, null, empty strings and empty arrays', () => {
    expect(encodeQ({ a: undefined, b: null, c: '', d: [], e: 'x' })).toBe('e%3Ax');
    expect(encodeQ({ a: undefined, b: null, c: '', d: [] })).toBe('');
    expect(encodeQ({})).toBe('');
  });

  it('keeps falsy values that are not empty (0 and false)', () => {
    expect(encodeQ({ status: 0, flag: false })).toBe('status%3A0;flag%3Afalse');
  });

  it('joins arrays with ","', () => {
    expect(encodeQ({ ids: [1, 2, 3] })).toBe(encodeURIComponent('ids:1,2,3'));
    expect(encodeQ({ states: ['待审核', '已通过'] })).toBe(encodeURIComponent('states:待审核,已通过'));
  });
});

describe('decodeQ', () => {
  it('returns an empty object for missing or empty input', () => {
    expect(decodeQ(undefined)).toEqual({});
    expect(decodeQ(null)).toEqual({});
    expect(decodeQ('')).toEqual({});
  });

  it('decodes pairs produced by encodeQ', () => {
    expect(decodeQ(`${encodeURIComponent('coname:上海;x')};${encodeURIComponent('mobile:1')}`)).toEqual({
      coname: '上海;x',
      mobile: '1',
    });
  });

  it('splits a pair at the first ":" only, so a value may contain ":"', () => {
    expect(decodeQ(encodeURIComponent('time:12:30:00'))).toEqual({ time: '12:30:00' });
  });

  it('reads unencoded simple pairs too', () => {
    expect(decodeQ('a:1;b:2')).toEqual({ a: '1', b: '2' });
  });

  it('refuses a pair without ":" or without a key, naming it, instead of dropping it', () => {
    expect(() => decodeQ('novalue;a%3A1')).toThrow(QueryFormatError);
    expect(() => decodeQ('novalue;a%3A1')).toThrow(/novalue/);
    expect(() => decodeQ(`${encodeURIComponent(':orphan')};b%3A2`)).toThrow(/缺少键名/);
    expect(() => decodeQ('abc')).toThrow(/缺少“:”/);
  });

  it('leaves out empty values and empty parts, as encodeQ does', () => {
    expect(decodeQ('c%3A;d%3A4')).toEqual({ d: '4' });
    expect(decodeQ(';;e%3A5;;')).toEqual({ e: '5' });
  });

  it('refuses a broken percent escape and a NUL', () => {
    expect(() => decodeQ('%E0%A4%A;f%3A6')).toThrow(/第 1 项不是合法的 URL 编码/);
    expect(() => decodeQ('f%3A6;g%3Aa%00b')).toThrow(/第 2 项含有非法字符/);
  });

  it('reads a q encoded a second time (axios params, URLSearchParams) as the same filter', () => {
    const filters = { coname: '上海;x', mobile: '1', note: '100%' };
    const once = encodeQ(filters);
    expect(decodeQ(encodeURIComponent(once))).toEqual(filters);
    expect(decodeQ(new URLSearchParams({ q: once }).toString().slice(2))).toEqual(filters);
  });
});

describe('encodeQ / decodeQ round trips', () => {
  const cases: Record<string, string>[] = [
    { coname: '上海;x', mobile: '1' },
    { a: 'semi;colon', b: 'co:lon', c: '100%', d: 'x&y=z', e: '1+1 = 2' },
    { k: ';;;', l: ':::', m: '%%%', n: '&&&', o: '===', p: '+++' },
    { space: '  leading and trailing  ' },
    { name: '张三', addr: '北京市 朝阳区;3号楼:2单元', note: '％；：（全角）' },
    { encodedLooking: '%3A%3B%25', plusEncoded: '%2B' },
    { emoji: '发票🧾' },
  ];

  for (const filters of cases) {
    it(`round trips ${JSON.stringify(filters)}`, () => {
      expect(decodeQ(encodeQ(filters))).toEqual(filters);
    });
  }

  it('round trips arrays as their ","-joined text and drops empty values', () => {
    expect(decodeQ(encodeQ({ ids: [1, 2], states: ['甲', '乙;丙'], none: [], empty: '', nil: null }))).toEqual({
      ids: '1,2',
      states: '甲,乙;丙',
    });
  });

  it('round trips numbers as their text', () => {
    expect(decodeQ(encodeQ({ page: 0, amount: 12.5 }))).toEqual({ page: '0', amount: '12.5' });
  });
});
