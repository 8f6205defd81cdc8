import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { excelDate, zipEntryDateOf } from '../../server/engine/excelDates';
import { createZip } from '../../server/engine/zipArchive';

/**
 * Zip entry times are China time whatever the server's TZ: a DOS time has no zone, so what a reader
 * shows is the wall-clock written. The server's zips all come from createZip.
 */
const ROOT = path.resolve(__dirname, '../..');
const savedTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = savedTz;
});

async function zipOf(build: (zip: ReturnType<typeof createZip>) => void): Promise<Buffer> {
  const zip = createZip();
  const chunks: Buffer[] = [];
  zip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => {
    zip.on('end', resolve);
    zip.on('error', reject);
  });
  build(zip);
  await zip.finalize();
  await ended;
  return Buffer.concat(chunks);
}

/** Each entry's DOS date and time as 'YYYY-MM-DD HH:mm:ss', decoded from the raw fields. */
async function entryTimes(buffer: Buffer): Promise<Record<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const pad = (n: number) => String(n).padStart(2, '0');
  const times: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      const d = entry.lastModFileDate;
      const t = entry.lastModFileTime;
      times[entry.fileName] =
        `${(d >> 9) + 1980}-${pad((d >> 5) & 0x0f)}-${pad(d & 0x1f)} ${pad(t >> 11)}:${pad((t >> 5) & 0x3f)}:${pad((t & 0x1f) * 2)}`;
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return times;
}

/** Now in China time, computed from the UTC clock by hand: UTC+8, no daylight saving. */
function chinaNow(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

describe('createZip', () => {
  for (const tz of ['UTC', 'Asia/Shanghai', 'America/New_York']) {
    it(`under TZ=${tz}: a record's China time as given, and China now by default`, async () => {
      process.env.TZ = tz;
      const before = chinaNow(-2000);
      const buffer = await zipOf((zip) => {
        zip.append(Buffer.from('a'), { name: 'signed.pdf', date: zipEntryDateOf('2026-11-27 07:54:00') });
        zip.append(Buffer.from('b'), { name: 'sheet.xlsx' });
        zip.append(Buffer.from('c'), { name: 'unsigned.pdf', date: zipEntryDateOf(null) });
      });
      const after = chinaNow(2000);
      const times = await entryTimes(buffer);
      expect(times['signed.pdf']).toBe('2026-11-27 07:54:00');
      for (const name of ['sheet.xlsx', 'unsigned.pdf']) {
        expect(times[name] >= before && times[name] <= after, `${name} ${times[name]} in ${before}…${after}`).toBe(
          true,
        );
      }
    });
  }

  it('is the only maker of zips in the server: nothing else imports archiver', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|mjs|js)$/.test(entry.name)) {
          const text = fs.readFileSync(full, 'utf8');
          const runtimeImport = /^import\s+(?!type\b)[^;]*from\s+['"]archiver['"]/m.test(text);
          if ((runtimeImport || /require\(['"]archiver['"]\)/.test(text)) && !full.endsWith('engine/zipArchive.ts')) {
            offenders.push(path.relative(ROOT, full));
          }
        }
      }
    };
    walk(path.join(ROOT, 'server'));
    expect(offenders).toEqual([]);
  });
});

describe('excelDate', () => {
  it('reads months, days and times as the same wall-clock, and refuses what is no date', () => {
    expect(excelDate('2026-11')?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(excelDate('2026-11-27')?.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(excelDate('2026-11-27 07:54:09')?.toISOString()).toBe('2026-11-27T07:54:09.000Z');
    for (const text of ['2026-02-30', '2026-13', '合计', '', '2026-11-27x', null, 20261127]) {
      expect(excelDate(text), String(text)).toBeNull();
    }
  });
});
