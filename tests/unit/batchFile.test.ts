import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  BatchFileError,
  decodeCsv,
  numberCellText,
  packRows,
  parseBatchCsv,
  parseBatchFile,
  parseBatchXlsx,
  splitCsv,
  unpackRows,
} from '../../server/money/payouts/batchFile';
import { templateCsv, templateXlsx } from '../../server/money/payouts/batchTemplate';
import { BATCH_FILE_MSG, BATCH_MAX_BYTES, BATCH_MAX_ROWS } from '../../src/domain/payoutBatch';
import { TEMPLATE_EXAMPLE_SHEET } from '../../src/domain/templateExample';
import { csvFile, gbkEncode, HEADERS, idCard, payee, xlsxFile } from '../support/batchFiles';

async function fileError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BatchFileError);
    return (error as Error).message;
  }
  throw new Error('expected a BatchFileError');
}

describe('CSV', () => {
  it('reads every column of a UTF-8 file with a BOM, numbering rows like the file', () => {
    const rows = parseBatchCsv(csvFile([payee(1), payee(2)]));
    expect(rows).toHaveLength(2);
    expect(rows[0].rowNo).toBe(2);
    expect(rows[1].rowNo).toBe(3);
    expect(rows[0].values).toEqual({
      name: payee(1)[0],
      idCard: payee(1)[1],
      bankCard: payee(1)[2],
      mobile: payee(1)[3],
      amount: payee(1)[4],
      remark: payee(1)[5],
      method: '',
      alipayAccount: '',
    });
    expect(rows[0].cellErrors).toEqual([]);
  });

  it('reads the same rows without a BOM', () => {
    const withBom = parseBatchCsv(csvFile([payee(1)]));
    const without = parseBatchCsv(csvFile([payee(1)], { bom: false }));
    expect(without).toEqual(withBom);
  });

  it('reads a GBK-encoded file as Excel on Chinese Windows saves it', () => {
    const text = `${HEADERS.join(',')}\r\n${payee(7).join(',')}\r\n`;
    const gbk = gbkEncode(text);
    // The bytes are not UTF-8, so the decoder must fall back to GB18030.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(gbk)).toThrow();
    expect(decodeCsv(gbk)).toBe(text);
    const rows = parseBatchCsv(gbk);
    expect(rows[0].values.name).toBe(payee(7)[0]);
    expect(rows[0].values.remark).toBe(payee(7)[5]);
  });

  it('finds columns by their Chinese headers in any order, ignores extra columns and trims spaces', () => {
    const row = payee(3);
    const text = [
      ' 备注 ,序号,金额(元),银行卡号, 姓名,身份证号,部门',
      `${row[5]},1, ${row[4]} ,${row[2]},  ${row[0]} ,${row[1]},财务部`,
    ].join('\n');
    const [parsed] = parseBatchCsv(Buffer.from(text));
    expect(parsed.values).toEqual({
      name: row[0],
      idCard: row[1],
      bankCard: row[2],
      mobile: '',
      amount: row[4],
      remark: row[5],
      method: '',
      alipayAccount: '',
    });
  });

  it('accepts 金额, 金额（元） and 金额(元) as the amount header', () => {
    for (const header of ['金额', '金额（元）', '金额(元)', '金额 (元)']) {
      const headers = ['姓名', '身份证号', '银行卡号', header];
      const [parsed] = parseBatchCsv(csvFile([payee(1).slice(0, 3).concat('12.50')], { headers }));
      expect(parsed.values.amount).toBe('12.50');
    }
  });

  it('skips blank lines and lines of empty cells, keeping the file line numbers', () => {
    const text = `\n${HEADERS.join(',')}\n\n${payee(1).join(',')}\n,,,,,\n   \n${payee(2).join(',')}\n\n`;
    const rows = parseBatchCsv(Buffer.from(text));
    expect(rows.map((row) => row.rowNo)).toEqual([4, 7]);
  });

  it('understands quotes, doubled quotes, commas and line breaks inside quotes', () => {
    expect(splitCsv('a,"b,c","say ""hi"""\r\n"multi\nline",x\n').map((record) => record.cells)).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['multi\nline', 'x'],
    ]);
    const rows = parseBatchCsv(
      csvFile([payee(1, { 备注: '含,逗号' }), payee(2, { 备注: '两行\n备注', '金额（元）': '1,234.50' })]),
    );
    expect(rows[0].values.remark).toBe('含,逗号');
    expect(rows[1].values.remark).toBe('两行\n备注');
    expect(rows[1].values.amount).toBe('1,234.50');
    // The record after a quoted line break starts one line later.
    expect(rows.map((row) => row.rowNo)).toEqual([2, 3]);
  });

  it('removes spaces inside digit columns and reports scientific notation there', () => {
    const rows = parseBatchCsv(
      csvFile([payee(1, { 银行卡号: '6222 0202 0000 0000 017' }), payee(2, { 身份证号: '1.10101E+17' })]),
    );
    expect(rows[0].values.bankCard).toBe('6222020200000000017');
    expect(rows[1].values.idCard).toBe('');
    expect(rows[1].cellErrors).toEqual([{ field: 'idCard', message: BATCH_FILE_MSG.numberCell('身份证号') }]);
  });

  it('names every missing required column', async () => {
    const message = await fileError(parseBatchFile('a.csv', csvFile([['张三', '100']], { headers: ['姓名', '金额'] })));
    expect(message).toBe(BATCH_FILE_MSG.missingColumns(['身份证号', '银行卡号']));
    expect(message).toContain('身份证号');
  });

  it('refuses a header given twice', async () => {
    const message = await fileError(
      parseBatchFile('a.csv', csvFile([], { headers: ['姓名', '身份证号', '银行卡号', '金额', '金额(元)'] })),
    );
    expect(message).toBe(BATCH_FILE_MSG.duplicateColumn('金额(元)'));
  });

  it('refuses an empty file and a file with only the header', async () => {
    expect(await fileError(parseBatchFile('a.csv', Buffer.alloc(0)))).toBe(BATCH_FILE_MSG.empty);
    expect(await fileError(parseBatchFile('a.csv', Buffer.from('\n\n')))).toBe(BATCH_FILE_MSG.empty);
    expect(await fileError(parseBatchFile('a.csv', csvFile([])))).toBe(BATCH_FILE_MSG.noRows);
  });

  it(`accepts ${BATCH_MAX_ROWS} rows and refuses one more`, async () => {
    const rows = Array.from({ length: BATCH_MAX_ROWS }, (_, index) => payee(index));
    expect(await parseBatchFile('a.csv', csvFile(rows))).toHaveLength(BATCH_MAX_ROWS);
    const message = await fileError(parseBatchFile('a.csv', csvFile([...rows, payee(BATCH_MAX_ROWS)])));
    expect(message).toBe(BATCH_FILE_MSG.tooManyRows);
    expect(message).toBe('单次最多上传10000行');
  });

  it('refuses a file over 10 MB', async () => {
    expect(await fileError(parseBatchFile('a.csv', Buffer.alloc(BATCH_MAX_BYTES + 1, 0x41)))).toBe(
      BATCH_FILE_MSG.tooLarge,
    );
  });
});

describe('file kinds', () => {
  it('refuses other extensions and the old binary .xls', async () => {
    expect(await fileError(parseBatchFile('a.txt', csvFile([payee(1)])))).toBe(BATCH_FILE_MSG.badType);
    expect(await fileError(parseBatchFile('a.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0])))).toBe(
      BATCH_FILE_MSG.oldExcel,
    );
    expect(await fileError(parseBatchFile('a.xlsx', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0])))).toBe(
      BATCH_FILE_MSG.encrypted,
    );
    expect(await fileError(parseBatchFile('a.xlsx', Buffer.from('not a zip')))).toBe(BATCH_FILE_MSG.unreadable);
    expect(await fileError(parseBatchFile('a.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])))).toBe(
      BATCH_FILE_MSG.unreadable,
    );
  });

  it('picks the parser by extension, case-insensitively', async () => {
    expect(await parseBatchFile('批量.CSV', csvFile([payee(1)]))).toHaveLength(1);
    expect(await parseBatchFile('批量.XLSX', await xlsxFile([[...HEADERS], payee(1)]))).toHaveLength(1);
  });
});

describe('xlsx', () => {
  it('reads text cells, headers in any order, extra columns and blank rows', async () => {
    const row = payee(5);
    const file = await xlsxFile([
      [],
      ['序号', '金额(元)', ' 姓名 ', '银行卡号', '身份证号', '手机号', '备注'],
      [1, row[4], row[0], row[2], row[1], row[3], row[5]],
      [],
      [null, null, '   ', null],
      [2, '88', payee(6)[0], payee(6)[2], payee(6)[1], '', ''],
    ]);
    const rows = await parseBatchXlsx(file);
    expect(rows.map((item) => item.rowNo)).toEqual([3, 6]);
    expect(rows[0].values).toEqual({
      name: row[0],
      idCard: row[1],
      bankCard: row[2],
      mobile: row[3],
      amount: row[4],
      remark: row[5],
      method: '',
      alipayAccount: '',
    });
    expect(rows[1].values.mobile).toBe('');
    expect(rows[1].values.amount).toBe('88');
  });

  it('reads amounts Excel stored as numbers exactly, never through floats', async () => {
    const base = payee(1);
    const amounts = [123.45, 0.1 + 0.2, 100, 99999.99, 0.01, 1.005, 12.3456];
    const file = await xlsxFile([[...HEADERS], ...amounts.map((amount) => [...base.slice(0, 4), amount, ''])]);
    const rows = await parseBatchXlsx(file);
    expect(rows.map((row) => row.values.amount)).toEqual([
      '123.45',
      '0.30',
      '100.00',
      '99999.99',
      '0.01',
      '1.005',
      '12.3456',
    ]);
  });

  it('reads short numeric mobiles and cards as their digits, and refuses long numbers turned into floats', async () => {
    const base = payee(1);
    const file = await xlsxFile([
      [...HEADERS],
      [base[0], base[1], 622202000000123, 13912345678, '10', ''],
      [base[0], Number('110101199003077000'), base[2], base[3], '10', ''],
      [base[0], base[1], Number('6222020200000000000'), base[3], '10', ''],
      [base[0], '1.10101199003077E+17', base[2], base[3], '10', ''],
    ]);
    const rows = await parseBatchXlsx(file);
    expect(rows[0].values.bankCard).toBe('622202000000123');
    expect(rows[0].values.mobile).toBe('13912345678');
    expect(rows[0].cellErrors).toEqual([]);
    expect(rows[1].cellErrors).toEqual([{ field: 'idCard', message: BATCH_FILE_MSG.numberCell('身份证号') }]);
    expect(rows[2].cellErrors).toEqual([{ field: 'bankCard', message: BATCH_FILE_MSG.numberCell('银行卡号') }]);
    expect(rows[3].cellErrors).toEqual([{ field: 'idCard', message: BATCH_FILE_MSG.numberCell('身份证号') }]);
    expect(BATCH_FILE_MSG.numberCell('身份证号')).toContain('请将身份证号列设置为文本格式');
  });

  it('reads rich text, formulas (their result) and hyperlinks as text', async () => {
    const base = payee(2);
    const file = await xlsxFile([
      [...HEADERS],
      [
        { richText: [{ text: base[0].slice(0, 1) }, { text: base[0].slice(1), font: { bold: true } }] },
        { formula: `"${base[1].slice(0, 9)}"&"${base[1].slice(9)}"`, result: base[1] },
        { text: base[2], hyperlink: 'https://example.com' },
        base[3],
        { formula: 'A1*0', result: 66.6 },
        '',
      ],
    ]);
    const [row] = await parseBatchXlsx(file);
    expect(row.values).toMatchObject({ name: base[0], idCard: base[1], bankCard: base[2], amount: '66.60' });
  });

  it('reads a lower-case id ending and a numeric name as text', async () => {
    const id = idCard(11);
    const file = await xlsxFile([[...HEADERS], [12345, id.toLowerCase(), payee(1)[2], '', '5', 42]]);
    const [row] = await parseBatchXlsx(file);
    expect(row.values.name).toBe('12345');
    expect(row.values.idCard).toBe(id.toLowerCase());
    expect(row.values.remark).toBe('42');
  });

  it('names a missing column and refuses a sheet without payees', async () => {
    expect(await fileError(parseBatchXlsx(await xlsxFile([['姓名', '身份证号', '金额'], payee(1)])))).toBe(
      BATCH_FILE_MSG.missingColumns(['银行卡号']),
    );
    expect(await fileError(parseBatchXlsx(await xlsxFile([[...HEADERS]])))).toBe(BATCH_FILE_MSG.noRows);
    expect(await fileError(parseBatchXlsx(await xlsxFile([])))).toBe(BATCH_FILE_MSG.empty);
  });

  it(`refuses more than ${BATCH_MAX_ROWS} payee rows`, async () => {
    const rows = Array.from({ length: BATCH_MAX_ROWS + 1 }, (_, index) => payee(index));
    expect(await fileError(parseBatchXlsx(await xlsxFile([[...HEADERS], ...rows])))).toBe(BATCH_FILE_MSG.tooManyRows);
    // Writing and reading a 10 001-row workbook takes seconds on a loaded CI machine; this checks the limit, not speed.
  }, 30_000);
});

describe('rows between threads (packRows / unpackRows)', () => {
  it('come back as they were, unreadable cells included', () => {
    const rows = parseBatchCsv(
      csvFile([payee(1), payee(2, { 身份证号: '1.10101E+17', 手机号: '' }), payee(3, { 备注: '逗号,引号"' })]),
    );
    expect(rows[1].cellErrors).toHaveLength(1);
    expect(unpackRows(structuredClone(packRows(rows)))).toEqual(rows);
  });
});

describe('numberCellText', () => {
  it('keeps at most two decimals of an amount as written, others as their exact shortest form', () => {
    expect(numberCellText('amount', 123.45)).toEqual({ text: '123.45' });
    expect(numberCellText('amount', 1e21)).toEqual({ error: BATCH_FILE_MSG.badCell('金额') });
    expect(numberCellText('amount', Number.NaN)).toEqual({ error: BATCH_FILE_MSG.badCell('金额') });
    expect(numberCellText('amount', -5)).toEqual({ text: '-5.00' });
    expect(numberCellText('mobile', 13912345678)).toEqual({ text: '13912345678' });
    expect(numberCellText('bankCard', 1e15)).toEqual({ error: BATCH_FILE_MSG.numberCell('银行卡号') });
    expect(numberCellText('bankCard', 12.5)).toEqual({ error: BATCH_FILE_MSG.numberCell('银行卡号') });
    expect(numberCellText('remark', 3.5)).toEqual({ text: '3.5' });
  });
});

describe('template', () => {
  it('has only the header on its data sheet, as .xlsx and as CSV with a BOM: nothing to pay until filled in', async () => {
    const csv = templateCsv();
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // After the file's columns, how each person is paid (收款方式, blank = 银行卡) and the Alipay account.
    expect(csv.toString('utf8').slice(1).split('\r\n')[0]).toBe([...HEADERS, '收款方式', '支付宝账号'].join(','));
    expect(await fileError(parseBatchFile('t.csv', csv))).toBe(BATCH_FILE_MSG.noRows);
    expect(await fileError(parseBatchFile('t.xlsx', await templateXlsx()))).toBe(BATCH_FILE_MSG.noRows);
  });

  it('never reads the 「填写示例」 sheet, wherever a merchant moved it', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet(TEMPLATE_EXAMPLE_SHEET).addRows([[...HEADERS], payee(1)]);
    workbook.addWorksheet('收款人').addRows([[...HEADERS], payee(2)]);
    const rows = await parseBatchFile('t.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows.map((row) => row.values.name)).toEqual([payee(2)[0]]);
  });

  it('fills the data sheet with the payees it is given, amount left empty', async () => {
    const payees = [{ name: '李伟', idCard: idCard(3), bankCard: '6222020200000000003', mobile: '13900000003' }];
    const rows = await parseBatchFile('t.xlsx', await templateXlsx(payees));
    expect(rows.map((row) => row.values)).toEqual([
      { ...payees[0], amount: '', remark: '', method: '', alipayAccount: '' },
    ]);
    const fromCsv = await parseBatchFile('t.csv', templateCsv(payees));
    expect(fromCsv.map((row) => row.values)).toEqual(rows.map((row) => row.values));
  });
});
