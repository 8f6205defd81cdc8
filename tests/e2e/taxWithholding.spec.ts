import { expect, test } from '@playwright/test';
import { csvFile, payee } from '../support/batchFiles';
import { loginAs } from './support/login';
import { signPayeesOnServer } from './support/signedPayees';

/**
 * /remit's preview before paying shows, per row and in total, the income tax withheld by the cumulative method
 * (公告2025年第16号) and what the worker receives. A worker new at the signing entity paid 10 000.00: (10 000 −
 * 2 000 − 5 000) × 3% = 90.00 withheld, 9 910.00 paid; a second of 100.00: 80 − 5 000 < 0, nothing withheld.
 */
const SERIAL = 940_000 + (Date.now() % 1000) * 10;

test('打款预览逐行显示个税与实发，合计行与汇总一致', async ({ page }) => {
  test.setTimeout(90_000);
  await signPayeesOnServer([SERIAL, SERIAL + 1]);
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  await page.goto('/remit');
  await page.getByLabel('上传打款文件').setInputFiles({
    name: '劳务报酬.csv',
    mimeType: 'text/csv',
    buffer: csvFile([payee(SERIAL, { '金额（元）': '10000.00' }), payee(SERIAL + 1, { '金额（元）': '100.00' })]),
  });
  await expect(page.getByRole('heading', { name: '校验通过：劳务报酬.csv' })).toBeVisible();
  const preview = page.getByRole('table', { name: '打款明细预览' });
  const headers = await preview.getByRole('columnheader').allTextContents();
  const at = (label: string) => {
    const index = headers.indexOf(label);
    expect(index, label).toBeGreaterThanOrEqual(0);
    return index;
  };
  const cells = async (rowIndex: number) => preview.getByRole('row').nth(rowIndex).getByRole('cell').allTextContents();
  const first = await cells(1);
  expect(first[at('金额（元）')]).toBe('10,000.00');
  expect(first[at('个税（元）')]).toBe('90.00');
  expect(first[at('实发（元）')]).toBe('9,910.00');
  const second = await cells(2);
  expect(second[at('个税（元）')]).toBe('0.00');
  expect(second[at('实发（元）')]).toBe('100.00');
  await expect(preview.getByRole('row').last()).toContainText('合计');
  await expect(preview.getByRole('row').last()).toContainText('10,010.00');
  await expect(preview.getByRole('row').last()).toContainText('90.00');
  await expect(page.getByLabel('代扣个税')).toHaveText('90.00 元');
  await expect(page.getByLabel('实发金额')).toHaveText('10,010.00 元');
});
