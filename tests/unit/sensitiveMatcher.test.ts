import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMatcher, normalizeForMatch } from '../../src/domain/sensitiveMatcher';

describe('normalizeForMatch', () => {
  it('folds full-width letters and digits, lower-cases, and drops punctuation and spaces', () => {
    expect(normalizeForMatch('ＡＢＣ１２３！')).toBe('abc123');
    expect(normalizeForMatch('ÅbC')).toBe('åbc');
    expect(normalizeForMatch('　')).toBe('');
  });

  it('drops invisible characters, separators and punctuation slipped into a word', () => {
    for (const text of [
      '洗\u200b钱',
      '洗\u00ad钱',
      '\ufeff洗钱',
      '洗\u2028钱',
      '洗-钱',
      '洗 ・ 钱',
      '洗\u200d钱',
      '洗\t钱',
    ]) {
      expect(normalizeForMatch(text), JSON.stringify(text)).toBe('洗钱');
    }
  });

  it('keeps one space between two Latin words, so listed letters are not found across words', () => {
    expect(normalizeForMatch('is  bad')).toBe('is bad');
    expect(normalizeForMatch('V-P-N')).toBe('v p n');
    expect(normalizeForMatch('v\u200bpn')).toBe('vpn');
    expect(buildMatcher(['sb']).find('this is bad')).toBeNull();
    expect(buildMatcher(['vpn']).find('翻墙ＶＰＮ')).toBe('vpn');
  });
});

describe('buildMatcher', () => {
  it('finds a listed word inside a text and names it as listed', () => {
    const matcher = buildMatcher(['赌博', '代开发票', 'VPN']);
    expect(matcher.find('本公司不提供代开发票服务')).toBe('代开发票');
    expect(matcher.find('正常的打款备注')).toBeNull();
    expect(matcher.size).toBe(3);
  });

  it('ignores case and full/half width on both sides', () => {
    const matcher = buildMatcher(['VPN', 'ｑｑ群']);
    expect(matcher.find('翻墙用ｖｐｎ')).toBe('VPN');
    expect(matcher.find('加入vPn')).toBe('VPN');
    expect(matcher.find('请加QQ群')).toBe('ｑｑ群');
  });

  it('reports the word that ends first, the longest of those ending there', () => {
    const matcher = buildMatcher(['she', 'he', 'hers', 'his']);
    expect(matcher.find('ushers')).toBe('she');
    expect(matcher.findAll('ushers')).toEqual(['she', 'he', 'hers']);
    expect(buildMatcher(['ab', 'b']).find('xab')).toBe('ab');
  });

  it('follows failure links across overlapping prefixes', () => {
    const matcher = buildMatcher(['abcd', 'bce', 'c']);
    expect(matcher.find('abce')).toBe('c');
    expect(buildMatcher(['abcd', 'bce']).find('abce')).toBe('bce');
    expect(buildMatcher(['aab']).find('aaab')).toBe('aab');
  });

  it('skips empty and repeated words and matches nothing when empty', () => {
    const matcher = buildMatcher(['', '  ', '词', ' 词 ', 'Ｗ', 'w']);
    expect(matcher.size).toBe(2);
    expect(buildMatcher([]).find('任何文字')).toBeNull();
  });

  it('agrees with a naive search on random words and texts', () => {
    const alphabet = fc.constantFrom('a', 'b', 'c', 'A', 'Ａ', '敏', '感');
    const word = fc.array(alphabet, { minLength: 1, maxLength: 4 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), fc.array(alphabet, { maxLength: 40 }), (words, chars) => {
        const text = chars.join('');
        const matcher = buildMatcher(words);
        const normalized = normalizeForMatch(text);
        const naive = words.filter((candidate) => normalized.includes(normalizeForMatch(candidate.trim())));
        const found = matcher.findAll(text);
        expect(new Set(found.map(normalizeForMatch))).toEqual(new Set(naive.map(normalizeForMatch)));
        expect(matcher.find(text) === null).toBe(naive.length === 0);
      }),
      { numRuns: 500 },
    );
  });
});
