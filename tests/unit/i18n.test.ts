import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { raEn } from '../../i18n/en';
import { raZh } from '../../i18n/zh';

type Leaf = [key: string, value: unknown];

const leaves = (obj: unknown, prefix = ''): Leaf[] => {
  if (obj === null || typeof obj !== 'object') {
    return [[prefix, obj]];
  }
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
};

const lookup = (obj: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (acc, part) => (acc !== null && typeof acc === 'object' ? (acc as Record<string, unknown>)[part] : undefined),
      obj,
    );

const placeholders = (s: string): string[] => [...new Set([...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

// Placeholders deliberately dropped from the Chinese text, with the reason:
const DROPPED_PLACEHOLDERS: Record<string, string[]> = {
  // Required wording: '暂无数据'.
  'ra.navigation.no_results': ['name'],
  // BulkUpdateWithConfirmButton does not pass recordRepresentation, and a
  // single Chinese form would otherwise show '%{recordRepresentation}' literally.
  'ra.message.bulk_update_content': ['recordRepresentation'],
  'ra.message.bulk_update_title': ['recordRepresentation'],
};

const enLeaves = leaves(englishMessages);

describe('i18n: react-admin messages', () => {
  it('raEn is ra-language-english', () => {
    expect(raEn).toBe(englishMessages);
    expect(enLeaves.length).toBeGreaterThan(100);
  });

  it.each(enLeaves)('zh translates %s', (key, enValue) => {
    expect(typeof enValue).toBe('string');
    const en = enValue as string;
    const zh = lookup(raZh, key);

    expect(typeof zh, `${key} missing in raZh`).toBe('string');
    const zhText = zh as string;
    expect(zhText.length, `${key} is empty`).toBeGreaterThan(0);
    expect(zhText, `${key} uses ||||`).not.toContain('||||');

    const dropped = DROPPED_PLACEHOLDERS[key] ?? [];
    const expected = placeholders(en).filter((p) => !dropped.includes(p));
    expect(placeholders(zhText), `${key} placeholders`).toEqual(expected);

    // Values that are only placeholders/whitespace/punctuation need no CJK.
    const enWithoutPlaceholders = en.replace(/%\{\w+\}/g, '');
    if (/[A-Za-z]/.test(enWithoutPlaceholders)) {
      expect(zhText, `${key} has no Chinese character`).toMatch(CJK);
    }
  });

  it('raZh has no keys unknown to ra-language-english', () => {
    const enKeys = new Set(enLeaves.map(([k]) => k));
    const extra = leaves(raZh)
      .map(([k]) => k)
      .filter((k) => !enKeys.has(k));
    expect(extra).toEqual([]);
  });

  it('dropped-placeholder allowlist only lists real English placeholders', () => {
    for (const [key, dropped] of Object.entries(DROPPED_PLACEHOLDERS)) {
      const en = lookup(englishMessages, key);
      expect(typeof en, key).toBe('string');
      for (const p of dropped) {
        expect(placeholders(en as string), key).toContain(p);
      }
    }
  });
});
