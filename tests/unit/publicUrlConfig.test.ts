import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

/** PUBLIC_URL (server/config.ts): where a 签署邀请 SMS's link points, checked at start-up. */
const base = () => ({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lg-public-url-')),
  JWT_SECRET: 'j'.repeat(40),
  ID_KEY: 'k'.repeat(40),
});

describe('PUBLIC_URL', () => {
  it('is unset by default: the link takes the address the request came to', () => {
    expect(loadConfig(base()).publicUrl).toBeNull();
  });

  it('keeps the origin, without a trailing slash', () => {
    expect(loadConfig({ ...base(), PUBLIC_URL: 'https://WWW.Example.com/' }).publicUrl).toBe('https://www.example.com');
    expect(loadConfig({ ...base(), PUBLIC_URL: 'http://10.0.0.5:8080' }).publicUrl).toBe('http://10.0.0.5:8080');
  });

  it.each(['www.example.com', 'ftp://www.example.com', 'https://www.example.com/app', 'javascript:alert(1)'])(
    'refuses to start on %s',
    (value) => {
      expect(() => loadConfig({ ...base(), PUBLIC_URL: value })).toThrow(
        /PUBLIC_URL 必须是 http\(s\):\/\/ 开头的网站地址/,
      );
    },
  );
});
