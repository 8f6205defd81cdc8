import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { chinaTime } from '../../server/db/time';
import { downloadUrl } from '../../server/files/downloadUrls';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

// 资金管理 exports .xlsx (and CSV) from the server: Chinese file name with the date, money as a
// number, dates as dates, the voucher by its file name instead of /api-v1/dl?…, every filtered row.

test('财务在资金管理按流水号筛选后导出 Excel 和 CSV：金额是数字、时间是日期、凭证是文件名', async ({ page }) => {
  test.setTimeout(90_000);
  const serial = `XLSX${Date.now()}`;
  await withServerDb((db) =>
    db
      .insertInto('recharges')
      .values({
        company_id: 1,
        platform_mark: 1,
        amount: 98_765_432_100, // 9 876 543.21 元
        payer_name: '导出验收付款人',
        payer_account: '6222020200000000000',
        bank_serial: serial,
        voucher_url: downloadUrl(9, '工行回单-0801.png'),
        status: 0,
        create_time: chinaTime(),
        applicant_id: 1,
      })
      .execute(),
  );
  await loginAs(page, 'caiwu');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adMoneyManagement');
  await page.getByRole('textbox', { name: '银行流水号' }).fill(serial);
  await expect(page.getByRole('row').filter({ hasText: serial })).toBeVisible();
  await expect(page.getByText('第 1-1 条，共 1 条')).toBeVisible();

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Excel' }).click();
  const xlsx = await xlsxDownload;
  const today = chinaTime().slice(0, 10);
  expect(xlsx.suggestedFilename()).toBe(`资金管理-${today}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(createReadStream((await xlsx.path()) as string));
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toContain('充值金额（元）');
  expect(header).toContain('转账凭证');
  expect(sheet.rowCount).toBe(2);
  const row = (sheet.getRow(2).values as unknown[]).slice(1);
  const at = (label: string) => row[header.indexOf(label)];
  expect(at('银行流水号')).toBe(serial);
  expect(at('充值金额（元）')).toBe(9_876_543.21);
  expect(at('转账凭证')).toBe('工行回单-0801.png');
  expect(at('提交时间')).toBeInstanceOf(Date);
  expect(at('状态')).toBe('待确认');

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`资金管理-${today}.csv`);
  const text = await readFile((await csv.path()) as string, 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('9876543.21');
  expect(lines[1]).toContain('工行回单-0801.png');
  expect(text).not.toContain('/api-v1/dl');
});
