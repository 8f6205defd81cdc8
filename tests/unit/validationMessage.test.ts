import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { raZh } from '../../i18n/zh';
import { validationMessage } from '../../resources/generator/validationMessage';

const ROOT = join(__dirname, '../..');

/** A translator like the app's: a key of the Chinese catalogue, else the default it is given. */
function translate(key: string, options?: { _?: string; [arg: string]: unknown }): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], raZh);
  return typeof found === 'string' ? found : (options?._ ?? key);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path);
    return /\.tsx?$/.test(path) ? [path] : [];
  });
}

describe('an input’s validation message as the user reads it (@@react-admin@@"请选择生效日期")', () => {
  it('decodes what react-admin’s useInput hands to react-hook-form', () => {
    expect(validationMessage('@@react-admin@@"请选择生效日期"', translate)).toBe('请选择生效日期');
  });

  it('translates a react-admin key, with its arguments encoded the same way', () => {
    expect(validationMessage('@@react-admin@@{"message":"ra.validation.required","args":{}}', translate)).toBe(
      translate('ra.validation.required'),
    );
    expect(translate('ra.validation.required')).not.toBe('ra.validation.required');
  });

  it('keeps a plain message (one set by hand or by the server) as it is', () => {
    expect(validationMessage('金额最多保留两位小数', translate)).toBe('金额最多保留两位小数');
    expect(validationMessage(undefined, translate)).toBeUndefined();
  });

  it('every input built on useInput that shows its own error goes through it', () => {
    const files = [...filesUnder(join(ROOT, 'resources')), ...filesUnder(join(ROOT, 'src'))];
    const raw = files.filter((file) => {
      const source = readFileSync(file, 'utf8');
      return /useInput\(/.test(source) && /error\??\.message/.test(source) && !/useValidationMessage\(/.test(source);
    });
    expect(raw.map((file) => relative(ROOT, file))).toEqual([]);
    expect(files.filter((file) => /useInput\(/.test(readFileSync(file, 'utf8'))).length).toBeGreaterThan(0);
  });
});
