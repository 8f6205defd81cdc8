import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API test files share each worker's module graph (`isolate: false` in vitest.config.ts): what one file changes
 * in a module or in the process is still there for the next file the worker runs. This reads every file under
 * tests/api and fails on the changes that would leak: mocked modules, stubbed globals or environment variables,
 * writes to process.env, and fake timers not put back in an afterEach of the same file.
 */
const API_TESTS = 'tests/api';

const LEAKING: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\bvi\.(?:mock|doMock|hoisted)\(/, what: 'a mocked module' },
  { pattern: /\bvi\.stub(?:Global|Env)\(/, what: 'a stubbed global or environment variable' },
  { pattern: /\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*(?:=(?!=)|\+=|\|\|=|\?\?=)/, what: 'a write to process.env' },
  { pattern: /\bdelete\s+process\.env\b/, what: 'a deleted environment variable' },
  { pattern: /\bglobalThis\.\w+\s*=(?!=)/, what: 'a changed global' },
];

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(?:ts|mts|mjs)$/.test(name) ? [full] : [];
  });
}

/** What in `source` would outlive the file in a shared worker. */
function leaksOf(source: string): string[] {
  const found = LEAKING.filter(({ pattern }) => pattern.test(source)).map(({ what }) => what);
  if (/\bvi\.useFakeTimers\(/.test(source) && !/afterEach\([\s\S]{0,60}?vi\.useRealTimers\(\)/.test(source))
    found.push('fake timers without vi.useRealTimers() in an afterEach');
  return found;
}

describe('API test files leave nothing behind for the next file in their worker', () => {
  it('recognises each kind of leak (so the walk below can fail)', () => {
    expect(leaksOf("vi.mock('../../server/config')")).toEqual(['a mocked module']);
    expect(leaksOf("vi.stubEnv('SMS_PROVIDER', 'aliyun')")).toEqual(['a stubbed global or environment variable']);
    expect(leaksOf("process.env.SMS_PROVIDER = 'aliyun';")).toEqual(['a write to process.env']);
    expect(leaksOf("process.env['X'] ??= '1';")).toEqual(['a write to process.env']);
    expect(leaksOf("if (process.env.DATABASE_URL === 'x') {}")).toEqual([]);
    expect(leaksOf('vi.useFakeTimers();')).toEqual(['fake timers without vi.useRealTimers() in an afterEach']);
    expect(leaksOf('afterEach(() => vi.useRealTimers());\nvi.useFakeTimers();')).toEqual([]);
  });

  it('no API test file or support module leaks', () => {
    const files = filesUnder(API_TESTS);
    expect(files.length).toBeGreaterThan(50);
    const leaks = files.flatMap((file) => leaksOf(readFileSync(file, 'utf8')).map((what) => `${file}: ${what}`));
    expect(leaks).toEqual([]);
  });
});
