import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: a maintainer with only a clone has no tracker, so code, comments, test titles
 * and docs say why in their own words and never point at a tracker entry by number. The pattern is built from
 * parts so this file does not match itself.
 */
const citation = new RegExp(`\\b${'iss'}ues? #?\\d+`, 'i');

function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.md', '*.mjs'], { encoding: 'utf8' });
  return out.split('\0').filter((path) => path !== '');
}

function citationsIn(path: string, text: string): string[] {
  return text
    .split('\n')
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => citation.test(line))
    .map(({ line, index }) => `${path}:${index + 1}: ${line.trim()}`);
}

describe('no tracker numbers in the repository', () => {
  it('finds a citation when there is one, and none in plain prose', () => {
    expect(citationsIn('a.ts', `// checked twice (${'iss'}ue 31)\nconst a = 1;`)).toEqual([
      `a.ts:1: // checked twice (${'iss'}ue 31)`,
    ]);
    expect(citationsIn('b.md', `See ${'Iss'}ues #7 and 8`)).toHaveLength(1);
    expect(citationsIn('c.ts', '// the issue is the 30 days rule; issued 12 invoices')).toEqual([]);
  });

  it('no tracked .ts/.tsx/.md/.mjs file cites one', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) => citationsIn(path, readFileSync(path, 'utf8')));
    expect(found, 'say the why in words instead of citing a tracker entry').toEqual([]);
  });
});
