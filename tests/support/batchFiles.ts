import ExcelJS from 'exceljs';
import { luhnCheckDigit, nationalIdCheckChar } from '../../src/domain/payees';

/** Batch payout files for tests: valid payees, CSV (UTF-8 or GBK) and .xlsx with chosen cell types. */

export const HEADERS = ['姓名', '身份证号', '银行卡号', '手机号', '金额（元）', '备注'] as const;

/** A valid national id; `serial` (0-999 999) keeps ids of one file apart. */
export function idCard(serial: number): string {
  const day = 1 + (serial % 28);
  const body = `1101011990${String(1 + (Math.floor(serial / 28) % 12)).padStart(2, '0')}${String(day).padStart(2, '0')}${String(Math.floor(serial / 336) % 1000).padStart(3, '0')}`;
  return body + nationalIdCheckChar(body);
}

/** A 19-digit card number whose Luhn check digit is right (or, with valid false, wrong). */
export function bankCard(serial: number, valid = true): string {
  const body = `622202${String(serial).padStart(12, '0')}`;
  const check = Number(luhnCheckDigit(body));
  return body + String(valid ? check : (check + 1) % 10);
}

const SURNAMES = '张王李赵刘陈杨黄周吴';
const GIVEN = ['伟', '芳', '娜', '敏', '静', '强', '磊', '洋', '艳', '军'];

export type PayeeCells = [string, string, string, string, string, string];

/** One valid payee line: 姓名, 身份证号, 银行卡号, 手机号, 金额（元）, 备注. */
export function payee(serial: number, overrides: Partial<Record<(typeof HEADERS)[number], string>> = {}): PayeeCells {
  const cells: Record<(typeof HEADERS)[number], string> = {
    姓名: `${SURNAMES[serial % 10]}${GIVEN[Math.floor(serial / 10) % 10]}${GIVEN[(serial + 3) % 10]}`,
    身份证号: idCard(serial),
    银行卡号: bankCard(serial),
    手机号: `139${String(serial).padStart(8, '0')}`,
    '金额（元）': `${100 + (serial % 50)}.${String(serial % 100).padStart(2, '0')}`,
    备注: `劳务报酬${serial}`,
    ...overrides,
  };
  return HEADERS.map((header) => cells[header]) as PayeeCells;
}

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(rows: readonly (readonly string[])[], headers: readonly string[] = HEADERS): string {
  return [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}

/** UTF-8 CSV, with a BOM unless told otherwise. */
export function csvFile(rows: readonly (readonly string[])[], options: { bom?: boolean; headers?: string[] } = {}) {
  const text = Buffer.from(csvText(rows, options.headers), 'utf8');
  return options.bom === false ? text : Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]);
}

let gbkTable: Map<string, number[]> | null = null;

/** GBK bytes of the text (what Excel on Chinese Windows saves as CSV), from Node's own GB18030 decoder. */
export function gbkEncode(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gb18030');
    for (let lead = 0x81; lead <= 0xfe; lead += 1) {
      for (let trail = 0x40; trail <= 0xfe; trail += 1) {
        if (trail === 0x7f) continue;
        const char = decoder.decode(Uint8Array.from([lead, trail]));
        if (char.length === 1 && !gbkTable.has(char)) gbkTable.set(char, [lead, trail]);
      }
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code < 0x80) bytes.push(code);
    else {
      const pair = gbkTable.get(char);
      if (!pair) throw new Error(`no GBK code for ${char}`);
      bytes.push(...pair);
    }
  }
  return Buffer.from(bytes);
}

export type XlsxCell = string | number | null | ExcelJS.CellValue;

/** An .xlsx whose first sheet holds these rows as given (numbers stay numbers, strings stay text). */
export async function xlsxFile(rows: readonly (readonly XlsxCell[])[], sheetName = '收款人'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  rows.forEach((row, index) => {
    const target = sheet.getRow(index + 1);
    row.forEach((value, column) => {
      if (value !== null) target.getCell(column + 1).value = value as ExcelJS.CellValue;
    });
    target.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
