import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

export interface OpenpyxlSheet {
  name: string;
  rows: (string | null)[][];
  formats: string[][];
}

/** The workbook's sheets as openpyxl reads them (scripts/dumpXlsxSheets.py), a reader independent of exceljs. */
export function openpyxlSheets(bytes: Buffer): OpenpyxlSheet[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-sheets-'));
  try {
    const file = path.join(dir, 'book.xlsx');
    fs.writeFileSync(file, bytes);
    const result = spawnSync('python3', ['scripts/dumpXlsxSheets.py', file], { encoding: 'utf8' });
    expect(result.error, 'python3 未安装').toBeUndefined();
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
    return (JSON.parse(result.stdout) as { sheets: OpenpyxlSheet[] }).sheets;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
