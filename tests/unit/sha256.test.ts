import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, sha256Hex } from '../../providers/auth/passwordHash';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex (crypto-js)', () => {
  it('matches the standard test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it.each(['Demo1234', '密码Pass1', 'a'.repeat(55), 'b'.repeat(56), 'c'.repeat(64), 'd'.repeat(1000), '😀 emoji'])(
    'agrees with node crypto for %s',
    (text) => {
      expect(sha256Hex(text)).toBe(nodeSha256(text));
    },
  );

  it('is what the login form sends for a password', () => {
    expect(hashPassword('Demo1234')).toBe(nodeSha256('Demo1234'));
  });
});
