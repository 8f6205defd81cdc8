import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Files are owned references (server/files/README.md): a request names a file only through attachFile
 * (server/files/fileReferences.ts). This holds it structurally: outside server/files/ no module parses a file
 * reference itself or looks an upload up, so a new route that takes a file has to go through attachFile.
 */
const SERVER = path.resolve(__dirname, '../../server');

/** What only server/files/ may do: parse a download URL, read or claim an upload row. */
const FORBIDDEN: readonly [pattern: RegExp, what: string][] = [
  [/\bfileIdOfUrl\s*\(/, 'parses a download URL (use attachFile / fileIdOfReference)'],
  [/\bfindUpload\s*\(/, 'looks an upload up (use attachFile)'],
  [/(selectFrom|updateTable)\(\s*'uploads'\s*\)/, 'reads or changes upload rows'],
  [/\/api-v1\/dl\\\?file=\(/, 'captures a file id out of a download URL'],
];

/**
 * The exceptions, each with its reason: the migration backfills purposes; the start-up restores the seed's sample
 * files by stored name (no request involved); the Markdown renderer rewrites an image to its canonical URL (which
 * file an article may show is help.binding.ts's attachFile); a payout item's receipt is a file the server stores from
 * the channel's answer and reads back by the id it recorded on the item (no client names a file).
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  'db/migrations/130_upload_purpose.ts': ['captures a file id out of a download URL', 'reads or changes upload rows'],
  'invoices/services/sampleDocuments.ts': ['reads or changes upload rows'],
  'money/payoutReceipts.ts': ['looks an upload up (use attachFile)'],
  'system/helpMarkdown.ts': [
    'parses a download URL (use attachFile / fileIdOfReference)',
    'captures a file id out of a download URL',
  ],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('file references go through attachFile', () => {
  it('no module outside server/files/ parses a file reference or reads an upload itself', () => {
    const files = sourceFiles(SERVER).filter((file) => !path.relative(SERVER, file).startsWith(`files${path.sep}`));
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const relative = path.relative(SERVER, file).split(path.sep).join('/');
      const text = fs.readFileSync(file, 'utf8');
      for (const [pattern, what] of FORBIDDEN) {
        if (pattern.test(text) && !ALLOWED[relative]?.includes(what)) found.push(`${relative}: ${what}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('every route module that names a declared file field imports attachFile', () => {
    // The fields' server-side spellings: a module that reads one of them out of a request must use fileReferences.
    const names = ['paperUrl', 'annexUrl', 'voucherUrl', 'licenseUrl', 'studentCardUrl', 'image1', 'fileUrl'];
    const files = sourceFiles(SERVER).filter((file) => /\.(routes|binding)\.ts$/.test(file));
    const missing: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const reads = names.filter((name) => new RegExp(`(body|query|values|certificate|issue)\\.${name}\\b`).test(text));
      if (reads.length > 0 && !/files\/fileReferences'/.test(text) && !/uploadedDocument'/.test(text)) {
        missing.push(`${path.relative(SERVER, file)}: ${reads.join(', ')}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
